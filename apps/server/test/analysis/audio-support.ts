import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A tiny generated recording (a sine tone) of `seconds`, as WAV or OGG/Opus bytes. */
export function makeAudio(seconds: number, format: 'wav' | 'ogg' = 'wav'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'sede-test-audio-'));
  try {
    const out = join(dir, `a.${format}`);
    const codec = format === 'ogg' ? ['-c:a', 'libopus', '-b:a', '8k'] : [];
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-ar', '8000', ...codec, out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A long OGG/Opus recording made fast: a 30 s tone repeated (stream copy), e.g. 3 hours. */
export function makeLongOgg(hours: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'sede-test-audio-'));
  try {
    const short = join(dir, 's.ogg');
    const long = join(dir, 'l.ogg');
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=30', '-ac', '1', '-ar', '8000', '-c:a', 'libopus', '-b:a', '6k', short]);
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', String(Math.round(hours * 120) - 1), '-i', short, '-c', 'copy', long]);
    return readFileSync(long);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
