import { parentPort, workerData } from 'node:worker_threads';
import type { SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { SpreadsheetError, unreadable } from './errors.ts';
import { readSheetBytes } from './read.ts';

/**
 * The spreadsheet reader's thread (reader.ts starts one per file): reads, answers once, ends.
 * Bundled on its own: dist/spreadsheet-worker.js by build.mjs, in memory when run from the sources.
 */
export type WorkerAnswer = { ok: true; sheet: Awaited<ReturnType<typeof readSheetBytes>> } | { ok: false; status: SpreadsheetError['status']; code: string; message: string };

async function answer(): Promise<WorkerAnswer> {
  const { bytes, limits } = workerData as { bytes: Uint8Array; limits: SpreadsheetLimits };
  try {
    return { ok: true, sheet: await readSheetBytes(bytes, limits) };
  } catch (e) {
    // The parsers turn what a bad file causes into SpreadsheetErrors: anything else is a bug to see.
    if (!(e instanceof SpreadsheetError)) console.error('[spreadsheets] unexpected failure while reading:', e);
    const refused = e instanceof SpreadsheetError ? e : unreadable();
    return { ok: false, status: refused.status, code: refused.code, message: refused.message };
  }
}

if (parentPort) void answer().then((a) => parentPort!.postMessage(a));
