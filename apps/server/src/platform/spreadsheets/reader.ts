import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES as M, type SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { AppError } from '../../http/errors.ts';
import { serverState } from '../module.ts';
import type { Services } from '../../services.ts';
import type { Sheet } from './read.ts';
import type { WorkerAnswer } from './worker.ts';

export type { Sheet, SheetEncoding } from './read.ts';

/** Files read at once per instance (each on a thread of its own); more wait, and past the queue they are refused. */
const PARALLEL = 2;
const QUEUE = 16;
/** The reading thread's heap: a crafted file that gets past the caps still cannot take the server's memory. */
const WORKER_HEAP_MB = 512;
const MB = 1024 * 1024;

// The build bundles worker.ts next to the server as spreadsheet-worker.js. From the sources (tests,
// `npm run dev`) it is bundled once per process in memory with esbuild: a thread started through
// a TypeScript loader would take seconds to boot, this one milliseconds.
const fromSources = import.meta.url.endsWith('.ts');
let bundled: Promise<string> | null = null;
function workerSource(): Promise<string> {
  bundled ??= import('esbuild')
    .then(async ({ build }) => {
      const out = await build({ entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' });
      return out.outputFiles[0]!.text;
    })
    .catch((e: unknown) => {
      bundled = null; // tried again by the next read
      throw e;
    });
  return bundled;
}

type Slots = { running: number; waiting: Array<() => void> };

async function takeSlot(s: Services): Promise<() => void> {
  const slots = serverState<Slots>(s, 'platform.spreadsheets.slots', () => ({ running: 0, waiting: [] }));
  if (slots.running >= PARALLEL) {
    if (slots.waiting.length >= QUEUE) throw new AppError(503, 'SPREADSHEETS_BUSY', M.busy);
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  } else slots.running++;
  // The slot passes straight to the next in line, or is given back.
  return () => {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running--;
  };
}

async function runWorker(bytes: Uint8Array, limits: SpreadsheetLimits): Promise<Sheet> {
  const options = { workerData: { bytes, limits }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  const source = fromSources ? await workerSource() : null;
  return new Promise((resolve, reject) => {
    const worker = source === null ? new Worker(new URL('./spreadsheet-worker.js', import.meta.url), options) : new Worker(source, { ...options, eval: true });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new AppError(413, 'SPREADSHEET_TOO_SLOW', M.tooSlow))), limits.timeoutMs);
    worker.on('message', (answer: WorkerAnswer) =>
      settle(() => (answer.ok ? resolve(answer.sheet) : reject(new AppError(answer.status, answer.code, answer.message)))),
    );
    worker.on('error', (e: Error & { code?: string }) =>
      settle(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(413, 'SPREADSHEET_TOO_LARGE', M.unpackedTooLarge(Math.round(limits.unpackedBytes / MB))) : e)),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`spreadsheet worker exited with ${code} before answering`))));
  });
}

/**
 * Every row of a CSV or of an XLSX's first sheet, as text cells (decision 0360). The reading
 * happens on a worker thread, never on the request's: the ZIP's declared and inflated sizes are
 * capped, then rows, columns and cells as the sheet streams. Over a cap, or unreadable: an
 * `AppError` in Portuguese (400, 413; 503 when too many files are being read). `limits` may
 * lower the platform's caps (a tool reading fewer rows).
 */
export async function readSpreadsheet(s: Services, bytes: Uint8Array, limits: Partial<SpreadsheetLimits> = {}): Promise<Sheet> {
  const caps: SpreadsheetLimits = { ...SPREADSHEET_LIMITS, ...limits };
  if (bytes.length > caps.fileBytes) throw new AppError(413, 'FILE_TOO_LARGE', M.tooLarge(Math.round(caps.fileBytes / MB)));
  const release = await takeSlot(s);
  try {
    return await runWorker(bytes, caps);
  } finally {
    release();
  }
}
