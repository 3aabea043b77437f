import { generateCpf, isValidCpf as referenceIsValidCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf, onlyDigits } from './cpf.ts';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));

describe('isValidCpf', () => {
  it('accepts known valid CPFs, masked or bare', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('529.982.247-24')).toBe(false);
  });

  it('refuses all-identical digits even though their check digits add up', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('refuses 10 or 12 digits and letters', () => {
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('52998224A25')).toBe(false);
  });

  it('property: every generated CPF is valid, masked or not', () => {
    fc.assert(
      fc.property(fc.integer(), () => {
        const cpf = generateCpf();
        return isValidCpf(cpf) && isValidCpf(formatCpf(cpf));
      }),
      { numRuns: 300 },
    );
  });

  it('property: agrees with an independent implementation on any 11 digits', () => {
    fc.assert(
      fc.property(digits(11), (value) => isValidCpf(value) === referenceIsValidCpf(value)),
      { numRuns: 2000 },
    );
  });

  it('property: changing one check digit of a valid CPF makes it invalid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const cpf = generateCpf();
        const changed = cpf.slice(0, pos) + String((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
        return !isValidCpf(changed);
      }),
      { numRuns: 300 },
    );
  });

  it('property: any length other than 11 digits is invalid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }).filter((n) => n !== 11).chain(digits), (value) => !isValidCpf(value)),
    );
  });
});

describe('formatCpf', () => {
  it('masks as 000.000.000-00', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('5299')).toBe('529.9');
  });
  it('property: formatting keeps exactly the digits (up to 11)', () => {
    fc.assert(fc.property(fc.string(), (s) => onlyDigits(formatCpf(s)) === onlyDigits(s).slice(0, 11)));
  });
});
