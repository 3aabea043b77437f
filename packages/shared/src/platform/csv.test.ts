import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvDocument, csvText } from './csv.ts';

describe('the one CSV writer, as the web downloads it (decisions 0167, 0433)', () => {
  it('starts with a BOM, separates with ; and ends lines with CRLF; reais keep a decimal comma', () => {
    const rows = [
      { month: '2026-01', reais: 1234.56 },
      { month: '2026-02', reais: 0 },
    ];
    const columns = [
      { header: 'Mês', value: (r: (typeof rows)[number]) => r.month },
      { header: 'Ganhos (R$)', value: (r: (typeof rows)[number]) => r.reais },
    ];
    expect(csvDocument(columns, rows)).toBe(`${CSV_BOM}Mês;Ganhos (R$)\r\n2026-01;1234,56\r\n2026-02;0\r\n`);
  });

  it('quotes cells with ; quotes or line breaks', () => {
    const one = (v: string) => csvDocument([{ header: 'x', value: () => v }], [0]).split('\r\n')[1];
    expect(one('a;b')).toBe('"a;b"');
    expect(one('diz "oi"')).toBe('"diz ""oi"""');
    expect(one('linha\nnova')).toBe('"linha\nnova"');
  });

  it('defuses text a spreadsheet would run as a formula; numbers stay numbers', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(csvText('+55 11')).toBe("'+55 11");
    expect(csvText('-teste')).toBe("'-teste");
    expect(csvText('@soma')).toBe("'@soma");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText(-12.5)).toBe('-12,5');
    expect(csvText(null)).toBe('');
  });
});
