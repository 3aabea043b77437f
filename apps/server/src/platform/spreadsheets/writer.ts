import { type Cell, type CellKind, headerOf, isList, type TableColumn } from '@sede/shared/platform/csv';

/**
 * The XLSX half of the one writer of every spreadsheet the product hands to people (decision
 * 0433); the CSV half is `@sede/shared/platform/csv`, shared with the web's downloads.
 */
export { type Cell, type CellKind, CSV_BOM, csvDocument, csvLine, csvStream, csvText, type TableColumn } from '@sede/shared/platform/csv';

const asXlsx = (value: Cell, kind: CellKind = 'text'): string | number | Date | null => {
  if (value === null || value === undefined || value === '') return null;
  if (isList(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (kind === 'money' && typeof value === 'number') return value / 100;
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return new Date(`${value.slice(0, 10)}T12:00:00Z`);
  if (kind === 'datetime' && typeof value === 'string') return new Date(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(value)) return `'${value}`;
  return value as string | number | Date;
};
const XLSX_FORMATS: Partial<Record<CellKind, string>> = { money: '"R$" #,##0.00;[Red]-"R$" #,##0.00', date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm' };

/** A sheet of a workbook: its name, its columns and its rows. */
export type XlsxSheet<T> = { name: string; columns: readonly TableColumn<T>[]; rows: Iterable<T> };

/** An XLSX of one or more sheets, each with a bold, frozen header; money, dates and numbers typed; formulas defused. */
export async function xlsxWorkbook(sheets: readonly XlsxSheet<any>[]): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sede';
  for (const { name, columns, rows } of sheets) {
    const ws = wb.addWorksheet(name.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
    ws.addRow(headerOf(columns)).font = { bold: true };
    for (const row of rows) ws.addRow(columns.map((c) => asXlsx(c.value(row), c.kind)));
    columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      const format = c.kind && XLSX_FORMATS[c.kind];
      if (format) col.numFmt = format;
      col.width = Math.min(48, Math.max(12, c.header.length + 4));
    });
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An XLSX of one sheet. */
export const xlsxDocument = <T>(sheet: string, columns: readonly TableColumn<T>[], rows: Iterable<T>): Promise<Buffer> => xlsxWorkbook([{ name: sheet, columns, rows }]);

/** The headers of a CSV download (attachment, never cached). */
export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});
export const xlsxHeaders = (filename: string) => ({
  'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});
