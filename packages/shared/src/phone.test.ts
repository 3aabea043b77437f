import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyDigits } from './cpf.ts';
import { formatPhone, isValidPhone } from './phone.ts';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));

describe('isValidPhone', () => {
  it('accepts 10 and 11 digits, masked or bare', () => {
    expect(isValidPhone('(11) 3456-7890')).toBe(true);
    expect(isValidPhone('(11) 93456-7890')).toBe(true);
    expect(isValidPhone('11934567890')).toBe(true);
  });
  it('refuses 9 and 12 digits and letters', () => {
    expect(isValidPhone('113456789')).toBe(false);
    expect(isValidPhone('119345678901')).toBe(false);
    expect(isValidPhone('(11) 9345A-7890')).toBe(false);
  });
  it('property: valid exactly when there are 10 or 11 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }).chain(digits), (value) => isValidPhone(value) === (value.length === 10 || value.length === 11)),
    );
  });
  it('property: a formatted valid phone is still valid', () => {
    fc.assert(fc.property(fc.oneof(digits(10), digits(11)), (value) => isValidPhone(formatPhone(value))));
  });
});

describe('formatPhone', () => {
  it('uses (99) 9999-9999 up to 10 digits, else (99) 99999-9999', () => {
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('11934567890')).toBe('(11) 93456-7890');
  });
  it('property: formatting keeps exactly the digits (up to 11)', () => {
    fc.assert(fc.property(fc.string(), (s) => onlyDigits(formatPhone(s)) === onlyDigits(s).slice(0, 11)));
  });
  it('property: the mask follows the length', () => {
    fc.assert(fc.property(digits(10), (d) => /^\(\d{2}\) \d{4}-\d{4}$/.test(formatPhone(d))));
    fc.assert(fc.property(digits(11), (d) => /^\(\d{2}\) \d{5}-\d{4}$/.test(formatPhone(d))));
  });
});
