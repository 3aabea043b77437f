import { SPREADSHEET_MESSAGES as M, type SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { SpreadsheetError, unreadable } from './errors.ts';
import { SheetBuilder } from './sheet-builder.ts';
import { cellDisplay, isDateFormat, type CellFormat } from './xlsx-values.ts';
import { parseXml, type Attributes } from './xml.ts';
import { entryText, openZip, tooLargeUnpacked, type Budget, type Zip } from './zip.ts';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** A relationship's target as a path inside the ZIP (relative to `xl/`, or absolute). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/');

async function parsePart(zip: Zip, budget: Budget, name: string | null, handlers: Parameters<typeof parseXml>[1]): Promise<boolean> {
  const entry = name ? zip.entries.get(name) : undefined;
  if (!entry) return false;
  await parseXml(entryText(zip, entry, budget), handlers);
  return true;
}

type Workbook = { firstSheetRel: string | null; date1904: boolean };
type Rels = Map<string, { target: string; type: string }>;

async function readWorkbook(zip: Zip, budget: Budget): Promise<{ workbook: Workbook; rels: Rels }> {
  const workbook: Workbook = { firstSheetRel: null, date1904: false };
  const found = await parsePart(zip, budget, 'xl/workbook.xml', {
    open: (name, a) => {
      if (name === 'workbookPr') workbook.date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && workbook.firstSheetRel === null) {
        const key = Object.keys(a).find((k) => k === 'id' || k.endsWith(':id'));
        workbook.firstSheetRel = key ? a[key]! : null;
      }
    },
  });
  if (!found) throw unreadable();
  const rels: Rels = new Map();
  await parsePart(zip, budget, 'xl/_rels/workbook.xml.rels', {
    open: (name, a) => {
      if (name === 'Relationship' && a.Id && a.Target) rels.set(a.Id, { target: partPath(a.Target), type: a.Type ?? '' });
    },
  });
  return { workbook, rels };
}

/** Whether each cell style (`s`) shows a date, and whether a time (from styles.xml). */
async function readStyles(zip: Zip, budget: Budget, name: string | null): Promise<CellFormat[]> {
  const custom = new Map<string, string>();
  const xfs: string[] = [];
  let inCellXfs = false;
  await parsePart(zip, budget, name, {
    open: (el, a: Attributes) => {
      if (el === 'numFmt' && a.numFmtId) custom.set(a.numFmtId, a.formatCode ?? '');
      else if (el === 'cellXfs') inCellXfs = true;
      else if (el === 'xf' && inCellXfs) xfs.push(a.numFmtId ?? '0');
    },
    close: (el) => {
      if (el === 'cellXfs') inCellXfs = false;
    },
  });
  return xfs.map((id) => isDateFormat(Number(id), custom.get(id)));
}

/** The shared strings: each `<si>`'s text runs joined, phonetic runs (`rPh`) left out. */
async function readSharedStrings(zip: Zip, budget: Budget, name: string | null, limits: SpreadsheetLimits): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parsePart(zip, budget, name, {
    open: (el) => {
      if (el === 'si') current = '';
      else if (el === 'rPh') phonetic++;
      else if (el === 't' && phonetic === 0) inText = true;
    },
    text: (t) => {
      if (!inText) return;
      current += t;
      if (current.length > limits.cellChars) throw new SpreadsheetError(413, 'SPREADSHEET_CELL_TOO_LONG', M.cellTooLong(limits.cellChars));
    },
    close: (el) => {
      if (el === 't') inText = false;
      else if (el === 'rPh') phonetic--;
      else if (el === 'si') {
        strings.push(current);
        if (strings.length > limits.cells) throw new SpreadsheetError(413, 'SPREADSHEET_TOO_MANY_CELLS', M.tooManyCells(limits.cells));
      }
    },
  });
  return strings;
}

const COLUMN_REF = /^([A-Za-z]{1,3})(\d+)$/;
function columnOf(ref: string | undefined): number | null {
  const m = ref ? COLUMN_REF.exec(ref) : null;
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col - 1;
}

/** Streams the sheet's rows into text cells; the builder refuses past the caps as it goes. */
async function readRows(zip: Zip, budget: Budget, name: string, ctx: { strings: string[]; formats: CellFormat[]; date1904: boolean }, limits: SpreadsheetLimits): Promise<string[][]> {
  const out = new SheetBuilder(limits);
  let row = -1;
  let col = -1;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let capture: 'value' | 'inline' | null = null;
  let phonetic = 0;
  const found = await parsePart(zip, budget, name, {
    open: (el, a) => {
      if (el === 'row') {
        const r = Number(a.r);
        row = Number.isInteger(r) && r >= 1 ? r - 1 : row + 1;
        col = -1;
      } else if (el === 'c') {
        col = columnOf(a.r) ?? col + 1;
        cell = { type: a.t ?? 'n', style: Number(a.s ?? 0), value: '', inline: '' };
      } else if (cell && el === 'v') capture = 'value';
      else if (cell && el === 'rPh') phonetic++;
      else if (cell && el === 't' && phonetic === 0) capture = 'inline';
    },
    text: (t) => {
      if (!cell || capture === null) return;
      if (capture === 'value') cell.value += t;
      else cell.inline += t;
      if (cell.value.length + cell.inline.length > limits.cellChars) throw new SpreadsheetError(413, 'SPREADSHEET_CELL_TOO_LONG', M.cellTooLong(limits.cellChars));
    },
    close: (el) => {
      if (el === 'v' || el === 't') capture = null;
      else if (el === 'rPh') phonetic--;
      else if (el === 'c' && cell) {
        const text = cellDisplay(cell, ctx);
        cell = null;
        if (text !== '') out.set(Math.max(row, 0), col, text);
      }
    },
  });
  if (!found) throw unreadable();
  return out.rows();
}

/**
 * The first sheet of an XLSX as rows of text cells, streamed with caps (decision 0360): the
 * ZIP's declared sizes first, then the bytes actually inflated, then rows, columns and cells.
 */
export async function readXlsx(bytes: Buffer, limits: SpreadsheetLimits): Promise<string[][]> {
  const zip = await openZip(bytes, limits);
  const budget: Budget = { left: limits.unpackedBytes, cap: limits.unpackedBytes };
  try {
    const { workbook, rels } = await readWorkbook(zip, budget);
    const byType = (type: string) => [...rels.values()].find((r) => r.type === REL + type)?.target ?? null;
    const sheet = (workbook.firstSheetRel && rels.get(workbook.firstSheetRel)?.target) || 'xl/worksheets/sheet1.xml';
    const stylesName = byType('styles') ?? 'xl/styles.xml';
    const stringsName = byType('sharedStrings') ?? 'xl/sharedStrings.xml';
    const declared = [sheet, stylesName, stringsName].reduce((sum, n) => sum + (zip.entries.get(n)?.uncompressedSize ?? 0), 0);
    if (declared > budget.left) throw tooLargeUnpacked(budget.cap);
    const formats = await readStyles(zip, budget, stylesName);
    const strings = await readSharedStrings(zip, budget, stringsName, limits);
    return await readRows(zip, budget, sheet, { strings, formats, date1904: workbook.date1904 }, limits);
  } finally {
    zip.file.close();
  }
}
