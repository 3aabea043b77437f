import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MATERIAL_MESSAGES as M } from '@sede/shared/analysis/schemas';
import type { Services } from '../../services.ts';
import { isDiarizingModel, transcribe, type AiCredentials } from '../ai/index.ts';
import { serverState } from '../module.ts';
import { MaterialError, transcriptText, type Material, type TranscriptSegment } from './material.ts';

/**
 * Recordings → transcript (decision 0230): the duration is probed with ffmpeg before
 * anything is sent (over MAX_AUDIO_SECONDS is refused, nothing charged); the audio is re-encoded
 * to mono 16 kHz MP3 at 32 kbit/s and cut into parts of `partSeconds` (10 min ≈ 2.4 MB, far under
 * the endpoint's 25 MB), each sent to `/audio/transcriptions`; the parts' segment times are
 * shifted by the part's start. A diarizing model (decision 0381) labels the speakers: they are
 * named 'Falante 1', 'Falante 2'… in the order they first speak, and a 2–10 s sample of each of the
 * first four goes with the next parts (`known_speaker_references`), so a person keeps one name
 * across parts. Other models give no speakers: segments carry `speaker: null` (an AI step splits
 * the turns in the analysis, speakers.ts). Either way the material says `speakersInferred: true`.
 */

/** The longest recording accepted: 2 hours (decision 0230). */
export const MAX_AUDIO_SECONDS = 2 * 60 * 60;
/** Default part length sent per request. */
export const DEFAULT_PART_SECONDS = 600;

type AudioOptions = { partSeconds: number };
const options = (s: Services) => serverState<AudioOptions>(s, 'platform.analysis.audio', () => ({ partSeconds: DEFAULT_PART_SECONDS }));

/** Tests and benchmarks: a shorter part length (a 30 s file in 10 s parts is 3 requests). */
export function setTranscriptionOptions(s: Services, o: Partial<AudioOptions>): void {
  Object.assign(options(s), o);
}

let ffmpegPath: string | null = null;
function ffmpeg(): string {
  if (!ffmpegPath) {
    const require = createRequire(import.meta.url);
    ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return ffmpegPath;
}

/** Runs ffmpeg; resolves with its stderr and exit code (never throws for a non-zero exit). */
export function runFfmpeg(args: string[], timeoutMs = 10 * 60_000): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(ffmpeg(), ['-hide_banner', '-nostdin', ...args], { timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') return reject(err);
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, stderr: String(stderr) });
    });
  });
}

const clock = (v: string) => {
  const [h, m, sec] = v.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(sec);
};

/** The recording's duration in seconds (the header's, else by reading the stream through); MaterialError when unreadable. */
export async function probeDuration(path: string): Promise<number> {
  const head = await runFfmpeg(['-i', path], 60_000);
  if (!/Stream #\d+:\d+.*Audio:/.test(head.stderr)) throw new MaterialError(M.audioUnreadable, 'MATERIAL_AUDIO_UNREADABLE');
  const d = /Duration: (\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(head.stderr);
  if (d) return clock(d[1]!);
  // WebM from a browser's recorder often has no duration in its header: copy the stream through.
  const pass = await runFfmpeg(['-i', path, '-map', '0:a:0', '-c', 'copy', '-f', 'null', '-']);
  const times = [...pass.stderr.matchAll(/time=(\d+:\d{2}:\d{2}(?:\.\d+)?)/g)];
  if (pass.code !== 0 || times.length === 0) throw new MaterialError(M.audioUnreadable, 'MATERIAL_AUDIO_UNREADABLE');
  return clock(times.at(-1)![1]!);
}

export function durationLabel(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${Math.max(1, m)} min`;
}

type Part = { file: string; start: number; end: number };

/** Re-encodes to compact mono MP3 parts of `partSeconds`, with each part's start and end times. */
async function split(input: string, dir: string, partSeconds: number, duration: number): Promise<Part[]> {
  const list = join(dir, 'parts.csv');
  const out = await runFfmpeg([
    '-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k',
    '-f', 'segment', '-segment_time', String(partSeconds), '-reset_timestamps', '1',
    '-segment_list', list, '-segment_list_type', 'csv', join(dir, 'part%04d.mp3'),
  ]);
  if (out.code !== 0) throw new MaterialError(M.audioUnreadable, 'MATERIAL_AUDIO_UNREADABLE');
  const rows = (await readFile(list, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const parts = rows.map((r) => {
    const [file, start, end] = r.split(',');
    return { file: join(dir, file!), start: Number(start), end: Number(end) || duration };
  });
  // The encoder's padding can leave a sliver of a last part: nothing to transcribe in it.
  return parts.filter((p, i) => i === 0 || p.end - p.start >= 0.5);
}


/** A person heard in an earlier part: our name for them and a sample of their voice (a data URL). */
type Voice = { name: string; reference: string };

/** The longest stretch of 2–10 s a speaker talks alone in a part (times within the part), if any. */
function sampleOf(segments: { start: number; end: number; speaker?: string }[], label: string): { start: number; seconds: number } | null {
  const long = segments.filter((x) => x.speaker === label && x.end - x.start >= 2).sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  return long ? { start: long.start, seconds: Math.min(10, long.end - long.start) } : null;
}

/** A clip of the part as a data URL (compact MP3), the sample a diarizing model matches voices against. */
async function voiceSample(part: Part, at: { start: number; seconds: number }): Promise<string | null> {
  const out = `${part.file}.voz-${Math.round(at.start * 1000)}.mp3`;
  const r = await runFfmpeg(['-y', '-ss', String(at.start), '-t', String(at.seconds), '-i', part.file, '-c:a', 'libmp3lame', '-b:a', '32k', out], 60_000);
  if (r.code !== 0) return null;
  return `data:audio/mpeg;base64,${(await readFile(out)).toString('base64')}`;
}

/** One part through the gateway's `transcribe`; segments shifted by the part's start, speakers named across parts. */
async function transcribePart(s: Services, creds: AiCredentials, part: Part, index: number, voices: Voice[], names: { next: number }, moreParts: boolean): Promise<TranscriptSegment[]> {
  const r = await transcribe(s, creds, await readFile(part.file), { filename: `parte-${index + 1}.mp3`, contentType: 'audio/mpeg', knownSpeakers: voices });
  const round = (v: number) => Math.round(v * 100) / 100;
  // The model's labels of this part ('A', 'B'…; a known person's name when it recognised the voice) → our names.
  const ours = new Map<string, string>(voices.map((v) => [v.name, v.name]));
  const nameOf = (label: string | undefined) => {
    if (!label) return null;
    let name = ours.get(label);
    if (!name) ours.set(label, (name = `Falante ${names.next++}`));
    return name;
  };
  const found = (r.segments ?? []).filter((x) => (x.text ?? '').trim());
  const segments = found.map((x) => ({ speaker: nameOf(x.speaker), start: round(part.start + (x.start ?? 0)), end: x.end === undefined ? null : round(part.start + x.end), text: x.text.trim() }));
  if (moreParts && isDiarizingModel(creds.transcriptionModel)) {
    for (const [label, name] of ours) {
      if (voices.length >= 4 || voices.some((v) => v.name === name)) continue;
      const at = sampleOf(found, label);
      const reference = at && (await voiceSample(part, at));
      if (reference) voices.push({ name, reference });
    }
  }
  if (segments.length) return segments;
  // An endpoint without segments (plain json): the part is one segment.
  const text = (r.text ?? '').trim();
  return text ? [{ speaker: null, start: round(part.start), end: round(r.duration ? Math.min(part.start + r.duration, part.end) : part.end), text }] : [];
}

export type TranscribeProgress = (done: number, total: number) => void;

/** A recording (bytes on disk or in memory) → a Material with segments; MaterialError for a readable failure. */
export async function transcribeRecording(
  s: Services,
  creds: AiCredentials,
  audio: { bytes: Uint8Array; name: string },
  onPart: TranscribeProgress = () => {},
): Promise<Material & { durationSeconds: number; parts: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'sede-audio-'));
  try {
    const ext = (audio.name.toLowerCase().split('.').pop() ?? 'bin').replace(/[^a-z0-9]/g, '') || 'bin';
    const input = join(dir, `input.${ext}`);
    await writeFile(input, audio.bytes);
    const duration = await probeDuration(input);
    if (duration > MAX_AUDIO_SECONDS) throw new MaterialError(M.audioTooLong(durationLabel(duration)), 'MATERIAL_AUDIO_TOO_LONG');
    if (duration < 0.5) throw new MaterialError(M.empty, 'MATERIAL_EMPTY');
    const parts = await split(input, dir, options(s).partSeconds, duration);
    const segments: TranscriptSegment[] = [];
    const voices: Voice[] = [];
    const names = { next: 1 };
    onPart(0, parts.length);
    for (const [i, part] of parts.entries()) {
      segments.push(...(await transcribePart(s, creds, part, i, voices, names, i < parts.length - 1)));
      onPart(i + 1, parts.length);
    }
    const text = transcriptText(segments);
    if (!segments.some((x) => x.text.replace(/\s/g, ''))) throw new MaterialError(M.audioNoSpeech, 'MATERIAL_EMPTY');
    return { format: 'audio', text, pages: null, segments, speakersInferred: true, durationSeconds: Math.round(duration), parts: parts.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
