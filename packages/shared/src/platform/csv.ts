import Papa from 'papaparse';

/**
 * The CSV half of the one writer of every spreadsheet the product hands to people (decision 0433;
 * the XLSX half is the server's platform/spreadsheets/writer.ts), used by the server's exports and
 * the web's downloads alike. CSV for Brazilian spreadsheets: UTF-8 with BOM, `;` between cells, CRLF, decimal comma, dd/mm/aaaa, and a
 * leading = + - @ tab or CR defused with an apostrophe (formula injection); papaparse quotes
 * what needs quoting.
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

export const isList = (v: Cell): v is readonly string[] => Array.isArray(v);
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
export const headerOf = <T>(columns: readonly TableColumn<T>[]) => columns.map((c) => c.header);
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

