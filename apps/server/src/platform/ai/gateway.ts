import OpenAI, { toFile } from 'openai';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { outboundFetcher } from '../net/outbound.ts';
import { ownAiPolicy, type AiCredentials } from './credentials.ts';
import { AI_ERROR_MESSAGES, mapProviderError } from './errors.ts';
import type { Prompt } from './prompts/types.ts';

/**
 * An SDK client for one request's credentials: no SDK retries (we retry a malformed answer once
 * ourselves). A person's own key goes through the outbound guard (checked, pinned, no redirects);
 * the platform's AI_BASE_URL is the operator's own choice and may be a local server.
 */
export function aiClient(s: Services, creds: AiCredentials): OpenAI {
  return new OpenAI({
    apiKey: creds.apiKey,
    baseURL: creds.baseURL,
    timeout: s.cfg.AI_TIMEOUT_MS,
    maxRetries: 0,
    // Never let the SDK log requests (it would include the key's header at debug level).
    logLevel: 'off',
    ...(creds.source === 'own' ? { fetch: outboundFetcher(ownAiPolicy(s)) } : {}),
  });
}

/**
 * JSON Schema for a structured answer, from a zod object (strict mode: every property required,
 * no extra properties; use `.nullable()` instead of `.optional()`).
 */
export function jsonSchemaFor(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
  return json;
}

export type StructuredRequest<I, S extends z.ZodType> = {
  prompt: Prompt<I>;
  input: I;
  schema: S;
  maxTokens?: number;
};

export type StructuredResult<T> = { data: T; model: string; attempts: number; promptId: string };

const MAX_ATTEMPTS = 2;

/**
 * One structured answer: the prompt's messages with `response_format: json_schema` (strict), the
 * answer parsed and validated with the zod schema; a malformed answer is retried once (telling the
 * model what was wrong), then a clean 409 AI_INVALID_ANSWER. Provider failures are mapped to
 * Portuguese errors (errors.ts).
 */
export async function generateStructured<I, S extends z.ZodType>(
  s: Services,
  creds: AiCredentials,
  req: StructuredRequest<I, S>,
): Promise<StructuredResult<z.output<S>>> {
  const client = aiClient(s, creds);
  const name = req.prompt.id.replace(/[^a-zA-Z0-9_-]/g, '_');
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: req.prompt.system },
    { role: 'user', content: req.prompt.user(req.input) },
  ];
  const schema = jsonSchemaFor(req.schema);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create({
        model: creds.model,
        messages,
        max_completion_tokens: req.maxTokens ?? 1000,
        response_format: { type: 'json_schema', json_schema: { name, schema, strict: true } },
      });
    } catch (e) {
      throw mapProviderError(e, creds);
    }
    const content = completion.choices[0]?.message?.content ?? '';
    const problem = validate(req.schema, content);
    if (problem.ok) return { data: problem.data, model: completion.model || creds.model, attempts: attempt, promptId: req.prompt.id };
    console.warn(`[ai] ${creds.source} provider: malformed answer to ${req.prompt.id} (attempt ${attempt}): ${problem.error}`);
    messages.push({ role: 'assistant', content: content.slice(0, 4000) });
    messages.push({ role: 'user', content: `A resposta anterior não seguiu o esquema JSON (${problem.error}). Responda novamente apenas com JSON válido.` });
  }
  throw new AppError(409, 'AI_INVALID_ANSWER', AI_ERROR_MESSAGES.invalidAnswer);
}

function validate<S extends z.ZodType>(schema: S, content: string): { ok: true; data: z.output<S> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, error: 'JSON inválido' };
  }
  const r = schema.safeParse(json);
  if (!r.success) return { ok: false, error: r.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`).join('; ').slice(0, 300) };
  return { ok: true, data: r.data };
}

export type TranscribeOptions = {
  language?: string;
  filename?: string;
  contentType?: string;
  /** Diarizing models only: up to 4 people already heard (a name each, with a 2–10 s sample as a data URL), so they keep their names. */
  knownSpeakers?: { name: string; reference: string }[];
};

/** A transcript segment; `speaker` is the provider's label when the model tells speakers apart (diarization). */
export type TranscriptionSegment = { start: number; end: number; text: string; speaker?: string };

/** Transcription models that tell speakers apart (OpenAI's `gpt-4o-transcribe-diarize`): they answer `diarized_json`. */
export const isDiarizingModel = (model: string) => /diariz/i.test(model);

/**
 * Audio → text through the provider's transcription endpoint (`/audio/transcriptions`): the text
 * and its timed segments. A diarizing model is asked for `diarized_json` (segments with a speaker,
 * `chunking_strategy: 'auto'`, which it needs past 30 s); any other for `verbose_json` (segments
 * without speakers). Long recordings are split first (platform/analysis/audio.ts).
 */
export async function transcribe(
  s: Services,
  creds: AiCredentials,
  audio: NodeJS.ReadableStream | ReadableStream<Uint8Array> | Blob | Buffer,
  opts: TranscribeOptions = {},
): Promise<{ text: string; language?: string; duration?: number; segments?: TranscriptionSegment[] }> {
  const client = aiClient(s, creds);
  try {
    const file = await toFile(audio as Parameters<typeof toFile>[0], opts.filename ?? 'audio.webm', { type: opts.contentType ?? 'audio/webm' });
    const base = { file, model: creds.transcriptionModel, language: opts.language ?? 'pt' };
    if (isDiarizingModel(creds.transcriptionModel)) {
      const known = (opts.knownSpeakers ?? []).slice(0, 4);
      const r = (await client.audio.transcriptions.create({
        ...base,
        response_format: 'diarized_json',
        chunking_strategy: 'auto',
        ...(known.length ? { known_speaker_names: known.map((k) => k.name), known_speaker_references: known.map((k) => k.reference) } : {}),
      })) as unknown as OpenAI.Audio.TranscriptionDiarized;
      const segments = Array.isArray(r.segments) ? r.segments.map((x) => ({ start: x.start, end: x.end, text: x.text, speaker: x.speaker })) : undefined;
      return { text: r.text, duration: r.duration, segments };
    }
    const r = await client.audio.transcriptions.create({ ...base, response_format: 'verbose_json' });
    const segments = Array.isArray(r.segments) ? r.segments.map((x) => ({ start: x.start, end: x.end, text: x.text })) : undefined;
    return { text: r.text, language: r.language, duration: r.duration, segments };
  } catch (e) {
    throw mapProviderError(e, creds);
  }
}
