import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES as M, type SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { AppError } from '../../src/http/errors.ts';
import { SpreadsheetError } from '../../src/platform/spreadsheets/errors.ts';
import { readSheetBytes } from '../../src/platform/spreadsheets/read.ts';
import { readSpreadsheet } from '../../src/platform/spreadsheets/reader.ts';
import type { Services } from '../../src/services.ts';
import { declareSize, rowXml, xlsxOf, xlsxParts, zipOf } from '../support/xlsx.ts';

const limits = (over: Partial<SpreadsheetLimits> = {}): SpreadsheetLimits => ({ ...SPREADSHEET_LIMITS, ...over });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof SpreadsheetError || e instanceof AppError ? { status: e.status, code: e.code, message: e.message } : e),
  );

describe('reading a workbook (on the worker thread)', () => {
  it('reads what Excel writes: shared and rich strings, numbers in full, dates as shown, booleans, gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['Nome', 'Telefone', 'Nascimento', 'Ativo', 'Nota']);
    ws.addRow([{ richText: [{ text: 'Ana ', font: { bold: true } }, { text: 'Souza' }] }, 11955556666, new Date(Date.UTC(1990, 4, 17)), true, 7.5]);
    ws.getCell('C2').numFmt = 'dd/mm/yyyy';
    ws.addRow([]);
    ws.getCell('B4').value = 'só a coluna B';
    ws.getCell('A5').value = { formula: 'B2&""', result: '11955556666' };
    const sheet = await readSheetBytes(Buffer.from(await wb.xlsx.writeBuffer()), limits());
    expect(sheet).toEqual({
      encoding: 'xlsx',
      separator: null,
      rows: [['Nome', 'Telefone', 'Nascimento', 'Ativo', 'Nota'], ['Ana Souza', '11955556666', '17/05/1990', 'VERDADEIRO', '7.5'], [], ['', 'só a coluna B'], ['11955556666']],
    });
  });

  it('rows and cells without references, prefixed elements and a sheet that is not sheet1.xml', async () => {
    const noRefs = await xlsxOf(`${rowXml(['a', 'b'])}${rowXml(['c'])}<row r="5"><c r="C5" t="inlineStr"><is><t>e</t></is></c></row>`);
    expect((await readSheetBytes(noRefs, limits())).rows).toEqual([['a', 'b'], ['c'], [], [], ['', '', 'e']]);
    const parts = xlsxParts('').map((p) =>
      p.name === 'xl/_rels/workbook.xml.rels' ? { ...p, data: String(p.data).replace('worksheets/sheet1.xml', '/xl/worksheets/dados.xml') } : p,
    );
    parts.push({ name: 'xl/worksheets/dados.xml', data: '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>prefixado</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>' });
    expect((await readSheetBytes(await zipOf(parts), limits())).rows).toEqual([['prefixado']]);
  });

  it('reads CSV as before: encodings and separators detected, every line kept', async () => {
    expect(await readSheetBytes(Buffer.from('nome;email\r\nJoão;j@x.com\r\n;\r\n', 'utf8'), limits())).toEqual({
      encoding: 'utf-8',
      separator: ';',
      rows: [['nome', 'email'], ['João', 'j@x.com'], ['', ''], ['']],
    });
    expect((await readSheetBytes(Buffer.from('Conceição,São Paulo\n', 'latin1'), limits())).encoding).toBe('windows-1252');
    expect(await refusal(readSheetBytes(Buffer.from([0x4d, 0x5a, 0, 0, 1]), limits()))).toMatchObject({ status: 400, code: 'FILE_UNREADABLE', message: M.unreadable });
  });
});

describe('the caps (decision 0360)', () => {
  it('a ZIP declaring more unpacked bytes than the cap is refused before anything is inflated', async () => {
    const honest = await xlsxOf(rowXml(['x'.repeat(2000)], 1));
    expect(await refusal(readSheetBytes(honest, limits({ unpackedBytes: 1500 })))).toEqual({ status: 413, code: 'SPREADSHEET_TOO_LARGE', message: M.unpackedTooLarge(0) });
    // 1 GB declared for the sheet: refused on the central directory alone.
    const declared = declareSize(honest, 'xl/worksheets/sheet1.xml', 1_000_000_000);
    expect(await refusal(readSheetBytes(declared, limits()))).toMatchObject({ status: 413, code: 'SPREADSHEET_TOO_LARGE', message: M.unpackedTooLarge(200) });
  });

  it('a ZIP lying about its sizes (declaring less) is refused when the inflated bytes pass the declared ones', async () => {
    const bomb = declareSize(await xlsxOf(rowXml(['x'.repeat(100_000)], 1)), 'xl/worksheets/sheet1.xml', 200);
    expect(await refusal(readSheetBytes(bomb, limits()))).toMatchObject({ status: 400, code: 'FILE_UNREADABLE' });
  });

  it('rows, columns, cells and one cell: refused past each cap, with its message', async () => {
    const rows = await xlsxOf(Array.from({ length: 12 }, (_, i) => rowXml(['a'], i + 1)).join(''));
    expect((await readSheetBytes(rows, limits({ rows: 11 }))).rows).toHaveLength(12); // the title row + 11
    expect(await refusal(readSheetBytes(rows, limits({ rows: 10 })))).toEqual({ status: 413, code: 'SPREADSHEET_TOO_MANY_ROWS', message: M.tooManyRows(10) });
    const far = await xlsxOf('<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>fim</t></is></c></row>');
    expect(await refusal(readSheetBytes(far, limits()))).toMatchObject({ code: 'SPREADSHEET_TOO_MANY_ROWS', message: M.tooManyRows(100_000) });
    const wide = await xlsxOf('<row r="1"><c r="XFD1" t="inlineStr"><is><t>longe</t></is></c></row>');
    expect(await refusal(readSheetBytes(wide, limits()))).toEqual({ status: 413, code: 'SPREADSHEET_TOO_MANY_COLUMNS', message: M.tooManyColumns(500) });
    expect(await refusal(readSheetBytes(rows, limits({ cells: 5 })))).toEqual({ status: 413, code: 'SPREADSHEET_TOO_MANY_CELLS', message: M.tooManyCells(5) });
    const long = await xlsxOf(rowXml(['x'.repeat(40_000)], 1));
    expect(await refusal(readSheetBytes(long, limits()))).toEqual({ status: 413, code: 'SPREADSHEET_CELL_TOO_LONG', message: M.cellTooLong(32_767) });
    const csv = Buffer.from(Array.from({ length: 12 }, () => 'a;b').join('\n'));
    expect(await refusal(readSheetBytes(csv, limits({ rows: 10 })))).toMatchObject({ code: 'SPREADSHEET_TOO_MANY_ROWS' });
    expect(await refusal(readSheetBytes(Buffer.from(`${';'.repeat(600)}\n`), limits()))).toMatchObject({ code: 'SPREADSHEET_TOO_MANY_COLUMNS' });
  });

  it('too many ZIP entries, and an XML entity bomb, are refused without expanding anything', async () => {
    const many = await zipOf(xlsxParts(rowXml(['a'], 1), [], Array.from({ length: 30 }, (_, i) => ({ name: `xl/media/${i}.bin`, data: 'x' }))));
    expect(await refusal(readSheetBytes(many, limits({ zipEntries: 20 })))).toEqual({ status: 413, code: 'SPREADSHEET_TOO_LARGE', message: M.tooManyEntries });
    const laughs = `<!DOCTYPE w [<!ENTITY a "hahahahahahahahahaha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>`;
    const parts = xlsxParts('').map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, data: `${laughs}<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&d;&d;&d;&d;</t></is></c></row></sheetData></worksheet>` } : p));
    expect(await refusal(readSheetBytes(await zipOf(parts), limits()))).toMatchObject({ status: 400, code: 'FILE_UNREADABLE' });
  });
});

describe('readSpreadsheet: the reading runs on a thread of its own', () => {
  const s = { state: new Map() } as unknown as Services;

  it('answers the rows, refuses with AppErrors, and stops a read that takes too long', async () => {
    expect((await readSpreadsheet(s, await xlsxOf(rowXml(['olá'], 1)))).rows).toEqual([['olá']]);
    expect(await refusal(readSpreadsheet(s, Buffer.from('PK\x03\x04lixo')))).toEqual({ status: 400, code: 'FILE_UNREADABLE', message: M.unreadable });
    expect(await refusal(readSpreadsheet(s, Buffer.alloc(11), { fileBytes: 10 }))).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
    expect(await refusal(readSpreadsheet(s, await xlsxOf(rowXml(['a'], 1)), { timeoutMs: 1 }))).toEqual({ status: 413, code: 'SPREADSHEET_TOO_SLOW', message: M.tooSlow });
  });
});
