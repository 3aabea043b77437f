import { describe, expect, it } from 'vitest';
import { centsToField, parseReais } from './money.ts';

describe('money fields', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 1.234', 123400],
    ['1234.5', 123450],
    ['10.000', 1000000],
    ['', null],
    ['abc', Number.NaN],
    ['-5', Number.NaN],
  ])('%s → %s', (text, cents) => {
    expect(parseReais(text)).toEqual(cents);
  });
  it('formats cents back for the field', () => {
    expect(centsToField(123456)).toBe('1.234,56');
    expect(centsToField(null)).toBe('');
  });
});
