import { describe, expect, it } from 'vitest';
import { CSV_BOM, centsToReais, csvCell, toCsv } from './csv.ts';

describe('CSV for Excel pt-BR (decision 0167)', () => {
  it('starts with a BOM, separates with ; and ends lines with CRLF', () => {
    expect(toCsv(['Mês', 'Ganhos (R$)'], [['2026-01', centsToReais(123456)], ['2026-02', 0]])).toBe(`${CSV_BOM}Mês;Ganhos (R$)\r\n2026-01;1234,56\r\n2026-02;0\r\n`);
  });

  it('quotes fields with ; quotes or line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
  });

  it('defuses text a spreadsheet would run as a formula; numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+55 11')).toBe("'+55 11");
    expect(csvCell('-teste')).toBe("'-teste");
    expect(csvCell('@soma')).toBe("'@soma");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-12.5)).toBe('-12,5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });
});
