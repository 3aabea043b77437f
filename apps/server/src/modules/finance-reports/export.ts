import { DRE_BASIS_LABELS, type CashFlowReport, type DreReport } from '@sede/shared/finance/reports-schemas';

/** The reports as a table (header + rows) for CSV and XLSX: money in reais (numbers), dates as YYYY-MM-DD. */
export function cashFlowTable(r: CashFlowReport): { sheet: string; header: string[]; rows: (string | number)[][] } {
  return {
    sheet: 'Fluxo de caixa',
    header: ['Início', 'Fim', 'Entradas realizadas', 'Saídas realizadas', 'Entradas previstas', 'Saídas previstas', 'Saldo'],
    rows: r.buckets.map((b) => [b.start, b.end, b.realizedInCents / 100, -b.realizedOutCents / 100, b.projectedInCents / 100, -b.projectedOutCents / 100, b.balanceCents / 100]),
  };
}

export function dreTable(r: DreReport): { sheet: string; header: string[]; rows: (string | number)[][] } {
  return {
    sheet: `DRE (${DRE_BASIS_LABELS[r.basis]})`,
    header: ['Linha', ...r.months, 'Total'],
    rows: r.rows.map((row) => [row.type === 'category' ? `   ${row.label}` : row.label, ...row.values.map((v) => v / 100), row.totalCents / 100]),
  };
}

/** CSV for Brazilian spreadsheets: `;` between fields, decimal comma, UTF-8 with BOM. */
export function toCsv(t: { header: string[]; rows: (string | number)[][] }): string {
  const cell = (v: string | number) => (typeof v === 'number' ? v.toFixed(2).replace('.', ',') : `"${v.replaceAll('"', '""')}"`);
  return `\uFEFF${[t.header, ...t.rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

export async function toXlsx(t: { sheet: string; header: string[]; rows: (string | number)[][] }): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t.sheet.slice(0, 31));
  ws.addRow(t.header).font = { bold: true };
  for (const r of t.rows) ws.addRow(r);
  ws.columns.forEach((c, i) => {
    c.width = i === 0 ? 40 : 16;
    if (i > 0) c.numFmt = '"R$" #,##0.00;[Red]-"R$" #,##0.00';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
