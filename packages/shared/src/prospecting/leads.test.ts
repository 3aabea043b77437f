import { describe, expect, it } from 'vitest';
import { LEADS_MESSAGES, leadsSelectionSchema, parseCnpjToken, splitPaste } from './leads.ts';

describe('parseCnpjToken', () => {
  it('accepts masked, unmasked, lower-case alphanumeric, and numbers that lost leading zeros', () => {
    expect(parseCnpjToken('98.765.432/0001-98')).toEqual({ cnpj: '98765432000198' });
    expect(parseCnpjToken('sede0001000156')).toEqual({ cnpj: 'SEDE0001000156' });
    expect(parseCnpjToken('"98765432000198"')).toEqual({ cnpj: '98765432000198' });
    // 04.252.011/0001-10 typed in a spreadsheet as a number.
    expect(parseCnpjToken('4252011000110')).toEqual({ cnpj: '04252011000110' });
  });
  it('says why a token is refused', () => {
    expect(parseCnpjToken('12345678000100')).toEqual({ reason: LEADS_MESSAGES.invalidCnpj });
    expect(parseCnpjToken('123')).toEqual({ reason: LEADS_MESSAGES.wrongLength });
    expect(parseCnpjToken('abc')).toEqual({ reason: LEADS_MESSAGES.wrongLength });
  });
});

describe('splitPaste', () => {
  it('splits on lines, commas, semicolons, tabs and spaces, keeping the line numbers', () => {
    expect(splitPaste('a, b\n\nc;d\te  f|g\r\nh')).toEqual([
      { line: 1, value: 'a' },
      { line: 1, value: 'b' },
      { line: 3, value: 'c' },
      { line: 3, value: 'd' },
      { line: 3, value: 'e' },
      { line: 3, value: 'f' },
      { line: 3, value: 'g' },
      { line: 4, value: 'h' },
    ]);
  });
});

describe('leadsSelectionSchema', () => {
  it('takes CNPJs (up to 5,000) or the search filters', () => {
    expect(leadsSelectionSchema.safeParse({ cnpjs: ['98765432000198'] }).success).toBe(true);
    expect(leadsSelectionSchema.safeParse({ filtros: { uf: 'SP' } }).success).toBe(true);
    const many = leadsSelectionSchema.safeParse({ cnpjs: Array.from({ length: 5001 }, () => 'x') });
    expect(many.error?.issues[0]?.message).toBe(LEADS_MESSAGES.tooManyExport);
    expect(leadsSelectionSchema.safeParse({}).error?.issues[0]?.message).toBe(LEADS_MESSAGES.selection);
    expect(leadsSelectionSchema.safeParse({ cnpjs: ['x'], filtros: {} }).success).toBe(false);
  });
});
