import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { THUMBNAIL_SIZE } from '@sede/shared/platform/files';
import type { FileStorage } from './storage.ts';

let ffmpegPath: string | null = null;
/** The ffmpeg binary shipped by the registry package `@ffmpeg-installer/ffmpeg` (decision 0338). */
function ffmpeg(): string {
  if (!ffmpegPath) ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  return ffmpegPath;
}

/** A decoded frame is at most this big as PNG on stdout (a 4K frame is ~25 MB; scaled first, far less). */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** The first frame of a video file as PNG, scaled to fit the thumbnail square (never enlarged); null when ffmpeg cannot read it. */
export function firstFramePng(file: string, timeoutMs = 60_000): Promise<Buffer | null> {
  // Fits the square, never enlarged (like images' thumbnails).
  const scale = `scale=w='min(${THUMBNAIL_SIZE},iw)':h='min(${THUMBNAIL_SIZE},ih)':force_original_aspect_ratio=decrease`;
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-vf', scale, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'];
  return new Promise((resolve) => {
    execFile(ffmpeg(), args, { timeout: timeoutMs, maxBuffer: MAX_FRAME_BYTES, encoding: 'buffer' }, (err, stdout) => {
      resolve(!err && stdout.length > 0 ? stdout : null);
    });
  });
}

/**
 * A 320 px WebP thumbnail of a stored video's first frame (ffmpeg, then sharp like images).
 * The local storage hands ffmpeg the file itself (an MP4 whose index is at its end needs to
 * seek); other storages copy it to a temporary file first. False when there is no frame.
 */
export async function makeVideoThumbnail(storage: FileStorage, key: string, thumbnailKey: string): Promise<boolean> {
  let dir: string | null = null;
  try {
    let file = storage.localPath?.(key);
    if (!file) {
      const source = await storage.get(key);
      if (!source) return false;
      dir = await mkdtemp(path.join(tmpdir(), 'sede-video-'));
      file = path.join(dir, 'video');
      await pipeline(source, createWriteStream(file, { mode: 0o600 }));
    }
    const png = await firstFramePng(file);
    if (!png) return false;
    const { default: sharp } = await import('sharp');
    const webp = await sharp(png).webp({ quality: 75 }).toBuffer();
    await storage.put(thumbnailKey, Readable.from([webp]), 'image/webp');
    return true;
  } catch (e) {
    console.warn('[files] no video thumbnail for', key, (e as Error).message);
    return false;
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
