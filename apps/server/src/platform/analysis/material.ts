import { MATERIAL_MESSAGES as M } from '@sede/shared/analysis/schemas';
import { AppError } from '../../http/errors.ts';

/**
 * Reading the material of an analysis (decision 0210): the text of a PDF's text layer,
 * a DOCX, a TXT, or a transcript (TXT/VTT/SRT) with its speakers. Recordings go through
 * `transcribe` (a later increment: splitting long audio); their result has the same shape.
 */

export type MaterialFormat = 'pdf' | 'docx' | 'txt' | 'vtt' | 'srt' | 'audio';

/** One line of a transcript: who spoke (null when the file does not say), when (seconds) and what. */
export type TranscriptSegment = { speaker: string | null; start: number | null; end: number | null; text: string };

export type Material = {
  format: MaterialFormat;
  /** The whole text; for transcripts one "Falante: texto" line per segment. */
  text: string;
  /** The text of each page (PDF only), to place a quote in the source. */
  pages: string[] | null;
  /** Transcripts only. */
  segments: TranscriptSegment[] | null;
  /** True when speakers were inferred (audio transcription) rather than labelled in the file. */
  speakersInferred: boolean;
  /** Recordings only: the probed duration in seconds. */
  durationSeconds?: number;
};

export type MaterialInput = { bytes: Uint8Array; mime: string; name: string };

/** A failure to read the material that the person should read (pt-BR); nothing was charged. */
export class MaterialError extends AppError {
  constructor(message: string, code: string) {
    super(400, code, message);
  }
}

/** Longest text sent to an analysis (a long contract is ~200k characters). */
export const MAX_MATERIAL_CHARS = 400_000;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const AUDIO = /^(audio\/|video\/webm)/;

export function formatOf(mime: string, name: string): MaterialFormat | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (mime === 'application/pdf') return 'pdf';
  if (mime === DOCX) return 'docx';
  if (AUDIO.test(mime)) return 'audio';
  if (mime.startsWith('text/') || mime === 'application/octet-stream') {
    if (ext === 'vtt') return 'vtt';
    if (ext === 'srt') return 'srt';
    if (mime.startsWith('text/')) return 'txt';
  }
  return null;
}

const tidy = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** UTF-8 (with or without BOM), else Windows-1252 (files saved by older Windows editors). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readPdf(bytes: Uint8Array): Promise<Pick<Material, 'text' | 'pages'>> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const out = await extractText(pdf, { mergePages: false });
    pages = (out.text as string[]).map(tidy);
  } catch (e) {
    const name = (e as { name?: string }).name ?? '';
    if (name === 'PasswordException' || /password/i.test((e as Error).message ?? '')) throw new MaterialError(M.passwordProtected, 'MATERIAL_PASSWORD');
    throw new MaterialError(M.unreadablePdf, 'MATERIAL_UNREADABLE');
  }
  const text = pages.join('\n\n').trim();
  // A scanned PDF has pages but (almost) no text layer.
  if (text.replace(/\s/g, '').length < 20) throw new MaterialError(M.scanned, 'MATERIAL_SCANNED');
  return { text, pages };
}

async function readDocx(bytes: Uint8Array): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return tidy(value);
  } catch {
    throw new MaterialError(M.unreadableDocx, 'MATERIAL_UNREADABLE');
  }
}

const TIME = /(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?/;
function seconds(v: string | undefined): number | null {
  const m = v ? TIME.exec(v) : null;
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number((m[4] ?? '0').padEnd(3, '0')) / 1000;
}

/** "Nome: texto", "[Nome] texto" or WebVTT's "<v Nome>texto" → speaker and text. */
function speakerOf(line: string): { speaker: string | null; text: string } {
  const voice = /^<v(?:\.[\w.-]+)?\s+([^>]+)>(.*?)(?:<\/v>)?$/.exec(line);
  if (voice) return { speaker: voice[1]!.trim(), text: voice[2]!.trim() };
  const bracket = /^\[([^\]\d][^\]]{0,60})\]\s*(.+)$/.exec(line);
  if (bracket) return { speaker: bracket[1]!.trim(), text: bracket[2]!.trim() };
  const colon = /^([\p{L}][\p{L}\p{N} .'-]{0,60}?):\s+(.+)$/u.exec(line);
  if (colon) return { speaker: colon[1]!.trim(), text: colon[2]!.trim() };
  return { speaker: null, text: line };
}

/** SRT and WebVTT cues: "00:00:01,000 --> 00:00:04,000" followed by the cue's lines. */
export function parseCues(raw: string): TranscriptSegment[] {
  const blocks = raw.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const segments: TranscriptSegment[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [from, to] = lines[at]!.split('-->');
    const body = lines.slice(at + 1).join(' ').trim();
    if (!body) continue;
    const { speaker, text } = speakerOf(body);
    const clean = text.replace(/<[^>]+>/g, '').trim();
    const last = segments.at(-1);
    // Consecutive cues of the same speaker read as one turn.
    if (last && last.speaker === speaker && speaker !== null) {
      last.text = `${last.text} ${clean}`;
      last.end = seconds(to?.trim()) ?? last.end;
    } else segments.push({ speaker, start: seconds(from?.trim()), end: seconds(to?.trim()), text: clean });
  }
  return segments;
}

/** A plain-text transcript: "Nome: texto" lines (optionally after a "[00:01:02]" time). */
export function parseTextTranscript(raw: string): TranscriptSegment[] | null {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trim()).filter(Boolean);
  const segments: TranscriptSegment[] = [];
  let labelled = 0;
  for (const line of lines) {
    const time = /^[[(]?((?:\d{1,2}:)?\d{1,2}:\d{2})[\])]?\s*[-–]?\s*(.*)$/.exec(line);
    const rest = time ? time[2]! : line;
    const { speaker, text } = speakerOf(rest);
    if (speaker) labelled++;
    segments.push({ speaker, start: time ? seconds(time[1]) : null, end: null, text });
  }
  // A transcript when most lines carry a speaker label; else it is ordinary text.
  return lines.length >= 2 && labelled / lines.length >= 0.6 ? segments : null;
}

/** A transcript's text: one "Falante: texto" line per segment (the text alone when the speaker is unknown). */
export const transcriptText = (segments: TranscriptSegment[]) => segments.map((s) => (s.speaker ? `${s.speaker}: ${s.text}` : s.text)).join('\n');

/** Reads a file into text (and pages or speakers); throws a MaterialError with a pt-BR message. */
export async function readMaterial(input: MaterialInput): Promise<Material> {
  if (input.bytes.length === 0) throw new MaterialError(M.empty, 'MATERIAL_EMPTY');
  const format = formatOf(input.mime, input.name);
  let material: Material;
  switch (format) {
    case 'pdf': {
      const { text, pages } = await readPdf(input.bytes);
      material = { format, text, pages, segments: null, speakersInferred: false };
      break;
    }
    case 'docx':
      material = { format, text: await readDocx(input.bytes), pages: null, segments: null, speakersInferred: false };
      break;
    case 'vtt':
    case 'srt': {
      const segments = parseCues(decodeText(input.bytes));
      material = { format, text: transcriptText(segments), pages: null, segments, speakersInferred: false };
      break;
    }
    case 'txt': {
      const raw = decodeText(input.bytes);
      const segments = parseTextTranscript(raw);
      material = segments
        ? { format, text: transcriptText(segments), pages: null, segments, speakersInferred: false }
        : { format, text: tidy(raw), pages: null, segments: null, speakersInferred: false };
      break;
    }
    case 'audio':
      throw new MaterialError(M.audioNotYet, 'MATERIAL_AUDIO_NOT_YET');
    default:
      throw new MaterialError(M.unsupported, 'MATERIAL_UNSUPPORTED');
  }
  if (!material.text.replace(/\s/g, '')) throw new MaterialError(M.empty, 'MATERIAL_EMPTY');
  if (material.text.length > MAX_MATERIAL_CHARS) throw new MaterialError(M.tooLong, 'MATERIAL_TOO_LONG');
  return material;
}

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').replace(/[“”"']/g, '').trim();

/** Where a quote is in the source: its page (PDF) when found; quotes the model invented are `found: false`. */
export function locateQuote(material: Pick<Material, 'text' | 'pages'>, quote: string): { found: boolean; page: number | null } {
  const q = normalize(quote).slice(0, 200);
  if (q.length < 8) return { found: false, page: null };
  if (material.pages) {
    const i = material.pages.findIndex((p) => normalize(p).includes(q));
    if (i >= 0) return { found: true, page: i + 1 };
  }
  return { found: normalize(material.text).includes(q), page: null };
}
