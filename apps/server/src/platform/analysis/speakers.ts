import { z } from 'zod';
import type { Services } from '../../services.ts';
import { generateStructured, type AiCredentials } from '../ai/index.ts';
import { speakerTurnsV1 } from '../ai/prompts/speaker-turns.v1.ts';
import { transcriptText, type Material, type TranscriptSegment } from './material.ts';

/**
 * The AI step that splits a recording's turns (decision 0381) when the transcription model does
 * not tell speakers apart: the segments go to the model in stretches of SEGMENTS_PER_CALL, each
 * with the names used so far and the last lines before it, and come back as turns ("from segment
 * n, Falante 2"). Runs inside the paid analysis, so a failure charges nothing.
 */

const turnsSchema = z.object({ turns: z.array(z.object({ fromSegment: z.number().int(), speaker: z.string() })) });

/** Segments per request: ~15 minutes of talk, an answer of a few hundred tokens. */
export const SEGMENTS_PER_CALL = 150;
const CONTEXT_LINES = 6;

const clock = (sec: number) => `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;
const line = (x: TranscriptSegment, n: number) => `[${n}]${x.start !== null ? ` (${clock(x.start)})` : ''} ${x.speaker ? `${x.speaker}: ` : ''}${x.text}`;
const cleanName = (v: string) => v.replace(/\s+/g, ' ').trim().slice(0, 80);

/** True when some segment of a transcript has no speaker yet. */
export const needsSpeakers = (m: Pick<Material, 'segments'>) => Boolean(m.segments?.length && m.segments.some((x) => !x.speaker));

/** The material with every segment given a speaker by the model; a material that already has them is returned as it is. */
export async function splitTurns(s: Services, creds: AiCredentials, material: Material): Promise<Material> {
  if (!needsSpeakers(material)) return material;
  const segments = material.segments!.map((x) => ({ ...x }));
  const speakers: string[] = [];
  for (let from = 0; from < segments.length; from += SEGMENTS_PER_CALL) {
    const to = Math.min(segments.length, from + SEGMENTS_PER_CALL);
    const before = segments.slice(Math.max(0, from - CONTEXT_LINES), from).map((x, k) => line(x, from - Math.min(from, CONTEXT_LINES) + k + 1));
    const out = await generateStructured(s, creds, {
      prompt: speakerTurnsV1,
      input: { segments: segments.slice(from, to).map((x, k) => line({ ...x, speaker: null }, from + k + 1)).join('\n'), before: before.join('\n'), speakers },
      schema: turnsSchema,
      maxTokens: 2000,
    });
    const turns = out.data.turns
      .map((t) => ({ from: t.fromSegment, speaker: cleanName(t.speaker) }))
      .filter((t) => t.speaker && t.from >= from + 1 && t.from <= to)
      .sort((a, b) => a.from - b.from);
    let current = from > 0 ? segments[from - 1]!.speaker : null;
    for (let i = from; i < to; i++) {
      current = turns.filter((t) => t.from <= i + 1).at(-1)?.speaker ?? current ?? 'Falante 1';
      segments[i]!.speaker ??= current;
      if (!speakers.includes(segments[i]!.speaker!)) speakers.push(segments[i]!.speaker!);
    }
  }
  return { ...material, segments, text: transcriptText(segments) };
}
