import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_KINDS, FILE_MESSAGES, filesTypesNotAllowed, type FileKind } from '@sede/shared/platform/files';
import { AppError, badRequest } from '../../http/errors.ts';
import { SNIFF_BYTES, sniffType } from './sniff.ts';
import type { FileStorage } from './storage.ts';

export type ReceivedFile = { mime: string; size: number; sha256: string; kind: FileKind };

class TooLarge extends Error {}

/** Bytes gathered before one write to the storage. */
const WRITE_BYTES = 512 * 1024;

export const uploadTooLarge = (kind: FileKind) => new AppError(413, 'FILE_TOO_LARGE', FILE_MESSAGES.tooLarge(kind), { maxBytes: FILE_KINDS[kind].maxBytes });
const uploadEmpty = () => badRequest(FILE_MESSAGES.empty, 'FILE_EMPTY');

/**
 * Streams a request body into the storage (decision 0110): the first bytes are held to decide
 * the type from the content, then everything flows through, counted against the kind's limit
 * and hashed, with the network's backpressure (memory stays flat whatever the size). Past the
 * limit the upload stops and the partial object is removed; empty → 400, over → 413, a type
 * the kind refuses → 415. Nothing is left in the storage unless the whole file arrived.
 * `kind` may be a list (a library taking any kind, decision 0337): the content decides the kind,
 * the first of the list whose types include it; the declared length is checked against the
 * largest limit of the list, the bytes against the detected kind's.
 */
export async function receiveUpload(
  storage: FileStorage,
  source: ReadableStream<Uint8Array> | null,
  o: { key: string; kind: FileKind | readonly FileKind[]; name: string; declaredLength?: number },
): Promise<ReceivedFile> {
  const kinds: readonly FileKind[] = typeof o.kind === 'string' ? [o.kind] : o.kind;
  const largest = kinds.reduce((a, b) => (FILE_KINDS[b].maxBytes > FILE_KINDS[a].maxBytes ? b : a));
  let max: number = FILE_KINDS[largest].maxBytes;
  if (o.declaredLength !== undefined && o.declaredLength > max) throw uploadTooLarge(largest);
  if (!source || o.declaredLength === 0) throw uploadEmpty();
  const reader = source.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      head.push(value);
      size += value.length;
    }
  } catch {
    throw badRequest(FILE_MESSAGES.uploadAborted, 'UPLOAD_ABORTED');
  }
  if (size === 0) throw uploadEmpty();
  if (size > max) {
    await reader.cancel().catch(() => {});
    throw uploadTooLarge(largest);
  }
  const headBytes = Buffer.concat(head);
  let sniffed: Awaited<ReturnType<typeof sniffType>> = { ok: false, reason: 'type' };
  let kind: FileKind = kinds[0]!;
  for (const k of kinds) {
    sniffed = await sniffType(headBytes, o.name, k);
    kind = k;
    if (sniffed.ok || sniffed.reason === 'executable') break;
  }
  if (!sniffed.ok) {
    await reader.cancel().catch(() => {});
    throw sniffed.reason === 'executable'
      ? new AppError(415, 'FILE_EXECUTABLE', FILE_MESSAGES.executable)
      : new AppError(415, 'FILE_TYPE_NOT_ALLOWED', kinds.length === 1 ? FILE_MESSAGES.typeNotAllowed(kind) : filesTypesNotAllowed(kinds));
  }
  max = FILE_KINDS[kind].maxBytes;
  if (size > max) {
    await reader.cancel().catch(() => {});
    throw uploadTooLarge(kind);
  }

  const hash = createHash('sha256');
  let aborted = false;
  // The network's chunks (16–64 KB) gathered into writes of up to WRITE_BYTES: a 1.3 MB photo is
  // 3 writes to the disk instead of about 40, each a trip through the thread pool that the image
  // work shares (decision 0764). At most WRITE_BYTES more is held in memory per upload.
  async function* body() {
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const take = () => {
      const block = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return block;
    };
    for (const chunk of head) {
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
    while (true) {
      if (pendingBytes >= WRITE_BYTES) yield take();
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (e) {
        aborted = true;
        throw e;
      }
      if (next.done) break;
      size += next.value.length;
      if (size > max) throw new TooLarge();
      hash.update(next.value);
      pending.push(next.value);
      pendingBytes += next.value.length;
    }
    if (pendingBytes) yield take();
  }
  const stream = Readable.from(body(), { objectMode: false, highWaterMark: WRITE_BYTES });
  try {
    await storage.put(o.key, stream, sniffed.mime);
  } catch (e) {
    await reader.cancel().catch(() => {});
    await storage.delete(o.key).catch(() => {});
    if (e instanceof TooLarge || (e as { cause?: unknown }).cause instanceof TooLarge) throw uploadTooLarge(kind);
    if (aborted) throw badRequest(FILE_MESSAGES.uploadAborted, 'UPLOAD_ABORTED');
    // The failure is on our side (disk, S3): say so without details.
    console.error('[files] storage put failed:', (e as Error).message);
    throw new AppError(503, 'STORAGE_UNAVAILABLE', FILE_MESSAGES.storageFailed);
  }
  return { mime: sniffed.mime, size, sha256: hash.digest('hex'), kind };
}
