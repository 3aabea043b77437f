import { EXECUTABLE_MIMES, FILE_KINDS, TEXT_TYPES_BY_EXTENSION, type FileKind } from '@sede/shared/platform/files';

/** How many first bytes decide the type: file-type needs 4100; Office files need their first ZIP entries. */
export const SNIFF_BYTES = 64 * 1024;

export type SniffResult = { ok: true; mime: string } | { ok: false; reason: 'executable' | 'type' };

/** Bytes that never appear in text (NUL and most C0 controls; tab, LF, FF, CR and ESC are fine). */
function looksLikeText(head: Uint8Array): boolean {
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

const extension = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The type of a file from its first bytes (magic numbers, via file-type), never from its name:
 * an executable renamed `.pdf` is an executable. Text formats have no magic number: CSV and TXT
 * are accepted when the bytes are text and the name says `.csv`/`.txt`; a script (`#!`) is an executable.
 */
export async function sniffType(head: Uint8Array, name: string, kind: FileKind): Promise<SniffResult> {
  const allowed: readonly string[] = FILE_KINDS[kind].mimes;
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (EXECUTABLE_MIMES.includes(detected.mime)) return { ok: false, reason: 'executable' };
    return allowed.includes(detected.mime) ? { ok: true, mime: detected.mime } : { ok: false, reason: 'type' };
  }
  if (head[0] === 0x23 && head[1] === 0x21) return { ok: false, reason: 'executable' };
  const textMime = TEXT_TYPES_BY_EXTENSION[extension(name)];
  if (textMime && allowed.includes(textMime) && looksLikeText(head)) return { ok: true, mime: textMime };
  return { ok: false, reason: 'type' };
}
