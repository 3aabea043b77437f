import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { SPREADSHEET_MESSAGES as M, type SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { SpreadsheetError, unreadable } from './errors.ts';

const MB = 1024 * 1024;
const fromBuffer = promisify(yauzl.fromBuffer) as (b: Buffer, o: yauzl.Options) => Promise<yauzl.ZipFile>;

/** A ZIP whose entries were listed from its central directory and whose declared sizes fit the caps. */
export type Zip = { file: yauzl.ZipFile; entries: Map<string, yauzl.Entry> };

/** What may still be unpacked in this read; every part read takes from it. */
export type Budget = { left: number; cap: number };

export const tooLargeUnpacked = (cap: number) => new SpreadsheetError(413, 'SPREADSHEET_TOO_LARGE', M.unpackedTooLarge(Math.round(cap / MB)));

/**
 * Opens the ZIP from its central directory (yauzl), refusing before anything is inflated: too
 * many entries, or more declared unpacked bytes than the cap in total.
 */
export async function openZip(bytes: Buffer, limits: Pick<SpreadsheetLimits, 'zipEntries' | 'unpackedBytes'>): Promise<Zip> {
  let file: yauzl.ZipFile;
  try {
    // validateEntrySizes: a stream that inflates to more (or fewer) bytes than declared fails.
    file = await fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true });
  } catch {
    throw unreadable();
  }
  if (file.entryCount > limits.zipEntries) {
    file.close();
    throw new SpreadsheetError(413, 'SPREADSHEET_TOO_LARGE', M.tooManyEntries);
  }
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (e: yauzl.Entry) => {
      declared += e.uncompressedSize;
      if (declared > limits.unpackedBytes) return reject(tooLargeUnpacked(limits.unpackedBytes));
      entries.set(e.fileName, e);
      file.readEntry();
    });
    file.on('end', () => resolve());
    file.on('error', () => reject(unreadable()));
    file.readEntry();
  });
  return { file, entries };
}

/**
 * The text of one entry, chunk by chunk, counting what is actually inflated against the budget
 * (a ZIP may lie about its sizes; yauzl also refuses an entry that inflates past its declared size).
 */
export async function* entryText(zip: Zip, entry: yauzl.Entry, budget: Budget): AsyncGenerator<string> {
  if (entry.uncompressedSize > budget.left) throw tooLargeUnpacked(budget.cap);
  if (entry.isEncrypted()) throw unreadable();
  let stream: NodeJS.ReadableStream;
  try {
    stream = await promisify(zip.file.openReadStream.bind(zip.file))(entry);
  } catch {
    throw unreadable();
  }
  const decoder = new TextDecoder('utf-8');
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch {
        throw unreadable(); // a corrupt deflate stream, or more bytes than declared
      }
      if (next.done) break;
      budget.left -= next.value.length;
      if (budget.left < 0) throw tooLargeUnpacked(budget.cap);
      yield decoder.decode(next.value, { stream: true });
    }
  } finally {
    // Stopped early (a cap, or the reader has what it needs): no more inflating.
    await chunks.return?.();
  }
  yield decoder.decode();
}
