import Papa from 'papaparse';
import { decodeCsv, detectSeparator, type SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { unreadable } from './errors.ts';
import { SheetBuilder } from './sheet-builder.ts';

/** A CSV (UTF-8 or Windows-1252; `;`, `,` or tab, detected) as rows of text cells, with the sheet caps. */
export function readCsv(bytes: Uint8Array, limits: SpreadsheetLimits) {
  // A binary file renamed .csv never reaches the parser.
  if (bytes.subarray(0, 8192).includes(0)) throw unreadable();
  const { text, encoding } = decodeCsv(bytes);
  const separator = detectSeparator(text);
  const out = new SheetBuilder(limits);
  let row = 0;
  Papa.parse<string[]>(text, {
    delimiter: separator,
    skipEmptyLines: false,
    step: ({ data }) => {
      if (Array.isArray(data)) out.setRow(row++, data);
    },
  });
  return { rows: out.rows(), encoding, separator };
}
