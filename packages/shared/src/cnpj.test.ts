import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import alphanumeric from '../../../apps/server/test/fixtures/cnpj/alphanumeric-cnpj.json' with { type: 'json' };
import {
  CNPJ_MESSAGES,
  cnpjHasLetters,
  cnpjSchema,
  formatCnpj,
  isValidCnpj,
  normalizeCnpjInput,
} from './cnpj.ts';

type FixtureCase = { value: string; valid: boolean; masked?: string; valid_after_uppercase?: boolean };
const cases: FixtureCase[] = alphanumeric.cases;

describe('alphanumeric-cnpj.json fixture', () => {
  it.each(cases)('$value', (c) => {
    // Policy: the input is upper-cased first, so the lower-case official example is accepted.
    expect(isValidCnpj(c.value)).toBe(c.valid_after_uppercase ?? c.valid);
    if (c.valid && c.masked) expect(formatCnpj(c.value)).toBe(c.masked);
  });
});

describe('helpers', () => {
  it('normalizes masks, spaces and case', () => {
    expect(normalizeCnpjInput(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
  it('keeps letters when formatting (not the v1 default)', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('98765432000198')).toBe('98.765.432/0001-98');
  });
  it('detects letters', () => {
    expect(cnpjHasLetters('12.abc.345/01de-35')).toBe(true);
    expect(cnpjHasLetters('98.765.432/0001-98')).toBe(false);
  });
  it('rejects repeated-digit numeric CNPJs whose checksum passes', () => {
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});

describe('cnpjSchema', () => {
  const issues = (v: string) => {
    const r = cnpjSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('returns the unmasked upper-case value', () => {
    expect(cnpjSchema.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('reports the length only once', () => {
    expect(issues('12ABC34501DE3')).toEqual([CNPJ_MESSAGES.length]);
    expect(issues('')).toEqual([CNPJ_MESSAGES.length]);
  });
  it('reports bad check digits', () => {
    expect(issues('98.765.432/0001-99')).toEqual([CNPJ_MESSAGES.invalid]);
    expect(issues('12ABC3450!DE35')).toEqual([CNPJ_MESSAGES.invalid]);
  });
});

// --- property tests -------------------------------------------------------------------------

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const charValue = (ch: string) => ch.charCodeAt(0) - 48;

/** generateCnpj uses Math.random; seed it from fast-check so failures replay. */
function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const validCnpj = fc
  .tuple(fc.constantFrom(1 as const, 2 as const), fc.integer())
  .map(([version, seed]) => {
    const original = Math.random;
    Math.random = seededRandom(seed);
    try {
      return generateCnpj({ version });
    } finally {
      Math.random = original;
    }
  });

/** A valid CNPJ with the character at `index` replaced by another allowed one. */
const mutation = (positions: [number, number]) =>
  fc
    .tuple(validCnpj, fc.integer({ min: positions[0], max: positions[1] }), fc.nat())
    .map(([cnpj, index, pick]) => {
      const allowed = (index < 12 ? ALPHABET : ALPHABET.slice(0, 10)).replace(cnpj[index], '');
      const ch = allowed[pick % allowed.length];
      return { cnpj, index, ch, mutated: cnpj.slice(0, index) + ch + cnpj.slice(index + 1) };
    });

/** Independent implementation of the official rule (value = ASCII - 48, mod 11). */
function checkDigit(base: string): number {
  const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const r = [...base].reduce((sum, ch, i) => sum + charValue(ch) * weights[i], 0) % 11;
  return r < 2 ? 0 : 11 - r;
}
function referenceValid(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  return `${first}${checkDigit(cnpj.slice(0, 12) + first)}` === cnpj.slice(12);
}

describe('properties', () => {
  it('generated CNPJs are valid, masked or not', () => {
    fc.assert(fc.property(validCnpj, (cnpj) => isValidCnpj(cnpj) && isValidCnpj(formatCnpj(cnpj))));
  });

  it('changing a check digit always makes it invalid', () => {
    fc.assert(fc.property(mutation([12, 13]), ({ mutated }) => !isValidCnpj(mutated)));
  });

  it('changing a base character makes it invalid, within what mod 11 can detect', () => {
    // Mod 11 cannot see a change whose value difference is a multiple of 11 (e.g. 0 -> F,
    // 22 apart), nor one where both check digits stay 0 (remainders 0 and 1 both give 0).
    const detectable = ({ cnpj, index, ch }: { cnpj: string; index: number; ch: string }) =>
      (charValue(ch) - charValue(cnpj[index])) % 11 !== 0 && cnpj.slice(12) !== '00';
    fc.assert(
      fc.property(mutation([0, 11]).filter(detectable), ({ mutated }) => !isValidCnpj(mutated)),
      { numRuns: 500 },
    );
  });

  it('any one-character change is judged exactly as the official rule says', () => {
    fc.assert(
      fc.property(mutation([0, 13]), ({ mutated }) => isValidCnpj(mutated) === referenceValid(mutated)),
      { numRuns: 500 },
    );
  });

  it('documents the mod 11 blind spot with the official example', () => {
    // 12ABC34501DE35 with its 9th character "0" changed to "F" (value 22) keeps both digits.
    expect(isValidCnpj('12ABC345F1DE35')).toBe(true);
  });
});
