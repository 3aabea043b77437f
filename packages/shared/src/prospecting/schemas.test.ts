import { describe, expect, it } from 'vitest';
import { formatCnae, PROSPECTING_MESSAGES, prospectSearchSchema } from './schemas.ts';

const parse = (q: Record<string, string>) => prospectSearchSchema.safeParse(q);

describe('prospectSearchSchema', () => {
  it('defaults: ativa, main CNAE, sorted by CNPJ, 25 per page', () => {
    expect(parse({}).data).toEqual({ cnaeEscopo: 'principal', situacao: '02', ordem: 'cnpj', pagina: 1, porPagina: 25 });
  });

  it('converts reais to cents and booleans from the query string', () => {
    expect(parse({ capitalMin: '1500,5', capitalMax: '2000000', simples: 'true', comEmail: 'false' }).data).toMatchObject({
      capitalMin: 150050,
      capitalMax: 200000000,
      simples: true,
      comEmail: false,
    });
  });

  it('refuses bad filters with their Portuguese message', () => {
    const msg = (q: Record<string, string>) => parse(q).error?.issues[0]?.message;
    expect(msg({ cnae: '4' })).toBe(PROSPECTING_MESSAGES.cnae);
    expect(msg({ cnae: '47', cnaeEscopo: 'qualquer' })).toBe(PROSPECTING_MESSAGES.cnaeAny);
    expect(msg({ uf: 'XX' })).toBe(PROSPECTING_MESSAGES.uf);
    expect(msg({ aberturaDe: '2026-02-01', aberturaAte: '2026-01-31' })).toBe(PROSPECTING_MESSAGES.dateOrder);
    expect(msg({ capitalMin: '10', capitalMax: '9,99' })).toBe(PROSPECTING_MESSAGES.capitalOrder);
    expect(msg({ pagina: '101', porPagina: '100' })).toBe(PROSPECTING_MESSAGES.page);
    expect(parse({ pagina: '100', porPagina: '100' }).success).toBe(true);
    expect(parse({ porPagina: '101' }).success).toBe(false);
  });

  it('formats CNAE codes as the Receita writes them', () => {
    expect(formatCnae('1091102')).toBe('1091-1/02');
  });
});
