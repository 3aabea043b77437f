/**
 * CSV for Excel in Brazil (decision 0167): `;` between fields (Excel pt-BR reads `,` as the
 * decimal mark), CRLF lines, a UTF-8 BOM (so Excel does not read it as Windows-1252), fields
 * quoted when they hold `;`, `"` or a line break, and text that a spreadsheet would run as a
 * formula (starting with = + - @, tab or CR) defused with a leading apostrophe. Numbers are
 * written with a decimal comma and no thousands separator, so Excel pt-BR reads them as numbers.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value).replace('.', ',') : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CSV_BOM = '\uFEFF';

export function toCsv(headers: string[], rows: CsvCell[][]): string {
  return `${CSV_BOM}${[headers, ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** Cents as reais with a decimal comma: 123456 → 1234.56 (written "1234,56"). */
export const centsToReais = (cents: number) => Math.round(cents) / 100;

/** Offers the CSV as a download (the browser's save dialog or downloads bar). */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
