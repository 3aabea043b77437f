import Papa from 'papaparse';

/**
 * The one writer of every CSV and XLSX the product hands to people (decision 0433). CSV for
 * Brazilian spreadsheets: UTF-8 with BOM, `;` between cells, CRLF, decimal comma, dd/mm/aaaa, and a
 * leading = + - @ tab or CR defused with an apostrophe (formula injection); papaparse quotes
 * what needs quoting. XLSX keeps numbers, money and dates as such, with Brazilian formats.
 */
export type Cell = string | number | boolean | Date | null | undefined | readonly string[];
/** text as is; money in integer cents; number; date a calendar day `YYYY-MM-DD`; datetime an instant. */
export type CellKind = 'text' | 'money' | 'number' | 'date' | 'datetime';
export type TableColumn<T> = { header: string; value: (row: T) => Cell; kind?: CellKind };

const decimal = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumFractionDigits: 6 });
const moneyNumber = new Intl.NumberFormat('pt-BR', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });
const instant = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const BOM = '\uFEFF';
const CSV = { delimiter: ';', newline: '\r\n', quotes: false } as const;
/** A text cell a spreadsheet would run as a formula (injection): defused with a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;
const defused = (text: string) => (FORMULA.test(text) ? `'${text}` : text);

const isList = (v: Cell): v is readonly string[] => Array.isArray(v);
const calendarDay = (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;

/** A cell as the CSV writes it. */
export function csvText(value: Cell, kind: CellKind = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  if (isList(value)) return defused(value.join('; '));
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (kind === 'money' && typeof value === 'number') return moneyNumber.format(value / 100 + 0);
  if (typeof value === 'number') return decimal.format(value + 0);
  if (value instanceof Date) return kind === 'date' ? calendarDay(value.toISOString()) : instant.format(value).replace(',', '');
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}/.test(value)) return calendarDay(value);
  if (kind === 'datetime' && !Number.isNaN(Date.parse(value))) return instant.format(new Date(value)).replace(',', '');
  return defused(String(value));
}

const unparse = (rows: string[][]) => Papa.unparse(rows, CSV);
const headerOf = <T>(columns: readonly TableColumn<T>[]) => columns.map((c) => c.header);
const cellsOf = <T>(columns: readonly TableColumn<T>[], row: T) => columns.map((c) => csvText(c.value(row), c.kind));

/** One CSV line from cells (streams that page through rows themselves); the first starts with `CSV_BOM`. */
export const csvLine = (cells: readonly Cell[]) => `${unparse([cells.map((c) => csvText(c))])}\r\n`;
/** What opens every CSV: the byte-order mark that makes spreadsheets read UTF-8 accents. */
export const CSV_BOM = BOM;

/** A whole CSV (small lists). */
export function csvDocument<T>(columns: readonly TableColumn<T>[], rows: Iterable<T>): string {
  return `${BOM}${unparse([headerOf(columns), ...[...rows].map((r) => cellsOf(columns, r))])}\r\n`;
}

/** A CSV as it is read (big lists, the company's export): the header, then each page of rows. */
export async function* csvStream<T>(columns: readonly TableColumn<T>[], rows: AsyncIterable<T> | Iterable<T>): AsyncGenerator<string> {
  yield `${BOM}${unparse([headerOf(columns)])}\r\n`;
  let page: string[][] = [];
  for await (const row of rows) {
    page.push(cellsOf(columns, row));
    if (page.length === 500) {
      yield `${unparse(page)}\r\n`;
      page = [];
    }
  }
  if (page.length) yield `${unparse(page)}\r\n`;
}

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

/** An XLSX of one sheet: a bold, frozen header; money, dates and numbers typed. */
export async function xlsxDocument<T>(sheet: string, columns: readonly TableColumn<T>[], rows: Iterable<T>): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sede';
  const ws = wb.addWorksheet(sheet.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
  ws.addRow(headerOf(columns)).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => asXlsx(c.value(row), c.kind)));
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    const format = c.kind && XLSX_FORMATS[c.kind];
    if (format) col.numFmt = format;
    col.width = Math.min(48, Math.max(12, c.header.length + 4));
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

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
