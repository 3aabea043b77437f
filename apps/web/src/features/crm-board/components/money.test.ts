import { describe, expect, it } from 'vitest';
import { centsToInput, parseBRL, splitTags } from './money.ts';

describe('money input', () => {
  it('reads Brazilian and plain amounts into cents', () => {
    expect(parseBRL('1.234,56')).toBe(123456);
    expect(parseBRL('R$ 10')).toBe(1000);
    expect(parseBRL('1234.5')).toBe(123450);
    expect(parseBRL('1.000.000')).toBe(100000000);
    expect(parseBRL('')).toBe(0);
    expect(parseBRL('dez')).toBeNaN();
  });
  it('writes cents for an input and splits tags', () => {
    expect(centsToInput(123456)).toBe('1.234,56');
    expect(splitTags(' a, b ,,c')).toEqual(['a', 'b', 'c']);
  });
});
