import type { SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { readCsv } from './csv.ts';
import { readXlsx } from './xlsx.ts';

export type SheetEncoding = 'utf-8' | 'windows-1252' | 'xlsx';
/** Every row of a CSV or of an XLSX's first sheet, as text cells. */
export type Sheet = { rows: string[][]; encoding: SheetEncoding; separator: string | null };

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The reading itself, on the worker thread (reader.ts runs it there): XLSX by its ZIP signature, else CSV. */
export async function readSheetBytes(bytes: Uint8Array, limits: SpreadsheetLimits): Promise<Sheet> {
  if (isZip(bytes)) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { rows: await readXlsx(buffer, limits), encoding: 'xlsx', separator: null };
  }
  return readCsv(bytes, limits);
}
