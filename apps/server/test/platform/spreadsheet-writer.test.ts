import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine, csvStream, type TableColumn, xlsxDocument } from '../../src/platform/spreadsheets/writer.ts';

type Row = { name: string; cents: number; due: string | null; tags: string[]; at: Date; ok: boolean };
const columns: TableColumn<Row>[] = [
  { header: 'Nome', value: (r) => r.name },
  { header: 'Valor (R$)', value: (r) => r.cents, kind: 'money' },
  { header: 'Vencimento', value: (r) => r.due, kind: 'date' },
  { header: 'Etiquetas', value: (r) => r.tags },
  { header: 'Criado em', value: (r) => r.at, kind: 'datetime' },
  { header: 'Ativo', value: (r) => r.ok },
];
const rows: Row[] = [
  { name: '=HYPERLINK("http://x")', cents: -260000, due: '2026-03-05', tags: ['vip', 'lead'], at: new Date('2026-03-05T17:30:00Z'), ok: true },
  { name: 'Padaria; Pão "Quente"', cents: 0, due: null, tags: [], at: new Date('2026-01-01T02:00:00Z'), ok: false },
];

describe('the one spreadsheet writer', () => {
  it('writes CSV for Brazilian spreadsheets: BOM, ";", CRLF, decimal comma, dd/mm/aaaa, formulas defused, numbers never', () => {
    const csv = csvDocument(columns, rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Nome;Valor (R$);Vencimento;Etiquetas;Criado em;Ativo',
      `"'=HYPERLINK(""http://x"")";-2600,00;05/03/2026;"vip; lead";05/03/2026 14:30;sim`,
      '"Padaria; Pão ""Quente""";0,00;;;31/12/2025 23:00;não',
      '',
    ]);
  });

  it('streams the same CSV page by page, and writes single lines alike', async () => {
    let text = '';
    for await (const chunk of csvStream(columns, rows)) text += chunk;
    expect(text).toBe(csvDocument(columns, rows));
    expect(csvLine(['-1', '@x', 3])).toBe(`'-1;'@x;3\r\n`);
  });

  it('writes XLSX with money as numbers, days as dates and formulas defused', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsxDocument('Lançamentos: março', columns, rows)) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Lançamentos  março');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe(`'=HYPERLINK("http://x")`);
    expect(first.getCell(2).value).toBe(-2600);
    expect((first.getCell(3).value as Date).toISOString().slice(0, 10)).toBe('2026-03-05');
    expect(ws.getColumn(2).numFmt).toContain('R$');
  });
});
