import { describe, expect, it } from 'vitest';
import { monthOfSource } from './refresh.ts';

describe('monthOfSource', () => {
  it('reads the month of a folder or a month URL, nothing else', () => {
    expect(monthOfSource('https://arquivos.receitafederal.gov.br/dados/cnpj/dados_abertos_cnpj/2026-10/')).toBe('2026-10');
    expect(monthOfSource('/srv/receita/2026-09')).toBe('2026-09');
    expect(monthOfSource('C:\\receita\\2025-12\\')).toBe('2025-12');
    expect(monthOfSource('/srv/receita/espelho')).toBeNull();
    expect(monthOfSource('/srv/2026-13/')).toBeNull();
    expect(monthOfSource('/srv/2026-10/extra')).toBeNull();
  });
});
