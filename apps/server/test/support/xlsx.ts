import yazl from 'yazl';

/**
 * XLSX files built by hand for the reader's tests: the four parts a workbook needs around one
 * sheet whose XML the test writes, so a decompression bomb is generated, never committed.
 */
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export type Part = { name: string; data: string | Buffer };

/** The parts of a workbook whose first sheet holds `sheetData` (its `<row>`s) and whose shared strings are `strings`. */
export function xlsxParts(sheetData: string, strings: string[] = [], extra: Part[] = []): Part[] {
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    { name: '_rels/.rels', data: `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Plan1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', data: `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', data: `<worksheet xmlns="${MAIN}"><sheetData>${sheetData}</sheetData></worksheet>` },
    { name: 'xl/sharedStrings.xml', data: `<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>` },
    ...extra,
  ];
}

export async function zipOf(parts: Part[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const p of parts) zip.addBuffer(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'), p.name, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const xlsxOf = (sheetData: string, strings: string[] = []) => zipOf(xlsxParts(sheetData, strings));

const column = (i: number) => String.fromCharCode(65 + i);

/** A row of inline-string cells, with its `r` references (as Excel writes) or without (also valid SpreadsheetML). */
export const rowXml = (cells: string[], r?: number) =>
  `<row${r ? ` r="${r}"` : ''}>${cells.map((v, i) => `<c${r ? ` r="${column(i)}${r}"` : ''} t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;

/**
 * The bomb of the issue: a small workbook holding `rows` rows of one shared string (300,000 took
 * the event loop for 14.7 s with the old reader).
 */
export const rowsBomb = (rows: number) =>
  xlsxOf(Array.from({ length: rows }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c></row>`).join(''), ['contato@exemplo.com.br']);

/**
 * Sets the uncompressed size the central directory declares for an entry (a ZIP that lies so a
 * reader trusting the declared sizes lets a bomb in).
 */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`no central directory entry named ${name}`);
}
