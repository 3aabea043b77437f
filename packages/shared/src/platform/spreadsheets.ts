/**
 * The platform's spreadsheet reading (CSV and XLSX; decision 0360): the caps a file must fit,
 * their pt-BR messages, and the CSV text helpers (encoding and separator detection). Browser-safe.
 */

const MB = 1024 * 1024;

/**
 * What one read may cost. An XLSX is a ZIP: its size on disk says little (a 100 KB workbook may
 * unpack to gigabytes or hold a million rows), so the parts read are capped by their unpacked
 * size and the sheet by rows, columns and cells with a value.
 */
export const SPREADSHEET_LIMITS = {
  /** The file itself (the largest document upload). */
  fileBytes: 50 * MB,
  /** Entries in the ZIP. A workbook has a dozen; thousands are a crafted file. */
  zipEntries: 2_000,
  /** The parts read (workbook, relationships, styles, shared strings, the first sheet), unpacked. */
  unpackedBytes: 200 * MB,
  /** Rows of data after the title row (the CRM import's limit). */
  rows: 100_000,
  /** Columns, up to the last one holding a value. */
  columns: 500,
  /** Cells holding a value, in the whole sheet. */
  cells: 3_000_000,
  /** Characters of one cell (Excel's own limit). */
  cellChars: 32_767,
  /** Time the reading may take before it is stopped (it runs off the request's thread). */
  timeoutMs: 60_000,
} as const;

export type SpreadsheetLimits = { [K in keyof typeof SPREADSHEET_LIMITS]: number };

const n = (v: number) => v.toLocaleString('pt-BR');

export const SPREADSHEET_MESSAGES = {
  unreadable: 'Não foi possível ler o arquivo: envie um CSV (separado por ; ou ,) ou uma planilha XLSX.',
  tooLarge: (mb: number) => `O arquivo é grande demais: envie até ${n(mb)} MB.`,
  unpackedTooLarge: (mb: number) =>
    `A planilha descompactada passa de ${n(mb)} MB: ela é grande demais ou foi montada para sobrecarregar o sistema. Divida-a em arquivos menores.`,
  tooManyEntries: 'O arquivo XLSX tem partes demais para uma planilha: salve-o de novo pelo Excel ou envie um CSV.',
  tooManyRows: (max: number) => `A planilha pode ter no máximo ${n(max)} linhas de dados. Divida-a em arquivos menores.`,
  tooManyColumns: (max: number) => `A planilha pode ter no máximo ${n(max)} colunas.`,
  tooManyCells: (max: number) => `A planilha pode ter no máximo ${n(max)} células preenchidas. Divida-a em arquivos menores.`,
  cellTooLong: (max: number) => `Uma célula da planilha passa de ${n(max)} caracteres.`,
  tooSlow: 'A planilha demorou demais para ser lida. Divida-a em arquivos menores e tente de novo.',
  busy: 'Muitas planilhas estão sendo lidas agora. Tente de novo em alguns instantes.',
} as const;

/** Windows-1252's 0x80–0x9F (Node 20's TextDecoder('windows-1252') decodes them as Latin-1 C1 controls). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const fixCp1252 = (latin1: string) => latin1.replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);

/**
 * The text of a CSV file: UTF-8 (with or without BOM) when the bytes are valid UTF-8, else
 * Windows-1252 (what Excel writes on Brazilian Windows).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(hasBom ? bytes.subarray(3) : bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: fixCp1252(new TextDecoder('windows-1252').decode(bytes)), encoding: 'windows-1252' };
  }
}

/** `;` or `,` (or a tab): the one appearing most outside quotes on the first non-empty line. */
export function detectSeparator(text: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  let seen = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted && ch in counts) {
      counts[ch as keyof typeof counts]++;
      seen = true;
    } else if (ch.trim()) seen = true;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[';'] >= counts[','] && counts[';'] > 0 ? ';' : ',';
}
