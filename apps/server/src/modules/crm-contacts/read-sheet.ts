import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CRM_CONTACTS_MESSAGES, decodeCsv, detectSeparator, type ImportEncoding } from '@sede/shared/crm/contacts';
import { badRequest } from '../../http/errors.ts';

export type Sheet = { rows: string[][]; encoding: ImportEncoding; separator: string | null };

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Every row of a CSV (UTF-8 or Windows-1252, `;` `,` or tab, detected) or of the first sheet of
 * an XLSX, as text cells. Anything unreadable is a 400 in Portuguese, never a 500.
 */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (isZip(bytes)) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest(CRM_CONTACTS_MESSAGES.fileUnreadable, 'FILE_UNREADABLE');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw badRequest(CRM_CONTACTS_MESSAGES.fileEmpty, 'FILE_EMPTY');
    const rows: string[][] = [];
    const width = ws.columnCount;
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: string[] = [];
      for (let i = 1; i <= width; i++) {
        const cell = row.getCell(i);
        cells.push(cell.text ?? '');
      }
      rows[n - 1] = cells;
    });
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    return { rows, encoding: 'xlsx', separator: null };
  }
  if (bytes.subarray(0, 8192).includes(0)) throw badRequest(CRM_CONTACTS_MESSAGES.fileUnreadable, 'FILE_UNREADABLE');
  const { text, encoding } = decodeCsv(bytes);
  const separator = detectSeparator(text);
  const parsed = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: false });
  const rows = parsed.data.filter((r) => Array.isArray(r));
  return { rows, encoding, separator };
}
