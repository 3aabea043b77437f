import { describe, expect, it } from 'vitest';
import { PAYER_BANKS, PIX_AUTOMATIC_MESSAGES as M, pixAutomaticRequestSchema } from './pix-automatic.ts';

const first = (r: ReturnType<typeof pixAutomaticRequestSchema.safeParse>) => (r.success ? null : r.error.issues[0]!.message);

describe('the Pix Automático request (the payer’s bank account)', () => {
  it('normalises the ISPB and the account; the agency is optional', () => {
    expect(pixAutomaticRequestSchema.parse({ ispb: ' 18236120 ', account: '12.345-6', agency: '' })).toEqual({ ispb: '18236120', agency: null, account: '123456' });
    expect(pixAutomaticRequestSchema.parse({ ispb: 'abcd1234', account: '1', agency: '0001' })).toEqual({ ispb: 'ABCD1234', agency: '0001', account: '1' });
  });

  it('refuses a bad ISPB, agency or account in Portuguese', () => {
    expect(first(pixAutomaticRequestSchema.safeParse({ ispb: '1234567', account: '1' }))).toBe(M.ispb);
    expect(first(pixAutomaticRequestSchema.safeParse({ ispb: '12345678', account: '1', agency: '12345' }))).toBe(M.agency);
    expect(first(pixAutomaticRequestSchema.safeParse({ ispb: '12345678', account: 'conta' }))).toBe(M.account);
    expect(first(pixAutomaticRequestSchema.safeParse({ ispb: '12345678', account: '1'.repeat(21) }))).toBe(M.account);
  });

  it('lists each bank once, by an 8-character ISPB', () => {
    expect(new Set(PAYER_BANKS.map((b) => b.ispb)).size).toBe(PAYER_BANKS.length);
    for (const b of PAYER_BANKS) expect(b.ispb).toMatch(/^[0-9A-Z]{8}$/);
  });
});
