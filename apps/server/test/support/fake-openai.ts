import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible API on 127.0.0.1, speaking the real API's format:
 *   POST /v1/chat/completions     (response_format json_schema → JSON that fits the schema, or a responder's answer)
 *   POST /v1/audio/transcriptions (multipart; response_format text | json | verbose_json | diarized_json)
 *     A diarizing model (`gpt-4o-transcribe-diarize`) answers `diarized_json` (segments with a speaker: 'A', 'B'…, or
 *     the `known_speaker_names[]` sent with `known_speaker_references[]`), refuses `verbose_json` and `prompt`, and
 *     wants `chunking_strategy` past 30 s of audio, as the real API does.
 *   POST /__control {mode, slowMs, modeFor, answerFor}  (for browser tests and local development; not part of the real API)
 *     Browser tests run in parallel against one server, so they scope what they change to their prompt's
 *     json_schema name (modeFor, answerFor); the global mode is for local development.
 * Modes: ok, slow (answers after slowMs), rate_limited (429 + retry-after), error_500,
 * malformed (answers JSON that breaks the schema, every time), malformed_once (only the first
 * time, then fine), unauthorized (401).
 * Transcriptions: `setTranscriber` answers per request (its index counts from 0), `transcriptionCount()`
 * counts them, `failTranscriptions(n)` answers 500 to the next n transcription requests (chat still answers).
 */
export type FakeOpenAiMode = 'ok' | 'slow' | 'rate_limited' | 'error_500' | 'malformed' | 'malformed_once' | 'unauthorized';
export const FAKE_OPENAI_MODES: readonly FakeOpenAiMode[] = ['ok', 'slow', 'rate_limited', 'error_500', 'malformed', 'malformed_once', 'unauthorized'];

export type ChatRequest = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: JsonSchema; strict?: boolean } };
};
export type RecordedRequest = { path: string; authorization: string | null; body: ChatRequest | null; raw: string };
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[]; required?: string[]; anyOf?: JsonSchema[]; minItems?: number };

export type FakeOpenAi = {
  port: number;
  /** Base URL to use as AI_BASE_URL / x-ai-base-url (ends with /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  setMode(mode: FakeOpenAiMode, opts?: { slowMs?: number }): void;
  /** A per-test answer to chat completions (the object is sent as the message's JSON content). */
  setResponder(fn: ((req: ChatRequest) => unknown) | null): void;
  /** Only this key is accepted (Authorization: Bearer <key>); null accepts any. */
  setAcceptedKey(key: string | null): void;
  /** A per-test answer to transcriptions (verbose_json fields); null goes back to the default sample. */
  setTranscriber(fn: ((req: TranscriptionRequest) => TranscriptionAnswer) | null): void;
  /** The next n transcription requests answer 500 (Infinity: all of them; 0: none). */
  failTranscriptions(n: number): void;
  /** How many transcription requests arrived since the last reset. */
  transcriptionCount(): number;
  reset(): void;
  close(): Promise<void>;
};

/** A value that fits a JSON schema (the default answer): strings are pt-BR sample text. */
export function sampleFor(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleFor(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleFor(v)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleFor(schema.items));
    case 'string':
      return 'Texto de exemplo gerado pela IA de teste.';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

export type TranscriptionRequest = {
  index: number;
  bytes: number;
  filename: string | null;
  format: string;
  model: string | null;
  chunkingStrategy: string | null;
  /** Sent with `known_speaker_references[]` (data URLs of 2–10 s samples), in the same order. */
  knownSpeakerNames: string[];
  knownSpeakerReferences: string[];
};
/** A segment's `speaker` is used by `diarized_json` only (default 'A'); other formats have none. */
export type TranscriptionAnswer = { text: string; duration?: number; segments?: { start: number; end: number; text: string; speaker?: string }[] };

/** A multipart field's values (every `name`, e.g. `known_speaker_names[]`, in order). */
function formFields(raw: string, name: string): string[] {
  const out: string[] = [];
  const marker = `name="${name}"\r\n\r\n`;
  for (let at = raw.indexOf(marker); at >= 0; at = raw.indexOf(marker, at + marker.length)) {
    const start = at + marker.length;
    out.push(Buffer.from(raw.slice(start, raw.indexOf('\r\n--', start)), 'latin1').toString('utf8'));
  }
  return out;
}

/** The real diarized_json: the text, the duration and each segment with its speaker. */
function diarized(answer: TranscriptionAnswer) {
  const segments = (answer.segments ?? [{ start: 0, end: answer.duration ?? 1, text: answer.text }]).map((x, i) => ({
    type: 'transcript.text.segment',
    id: `seg_${i}`,
    start: x.start,
    end: x.end,
    text: x.text,
    speaker: x.speaker ?? 'A',
  }));
  const duration = answer.duration ?? segments.at(-1)?.end ?? 0;
  return { task: 'transcribe', duration, text: answer.text, segments, usage: { type: 'duration', seconds: Math.ceil(duration) } };
}

const errorBody = (message: string, type: string, code: string | null) => JSON.stringify({ error: { message, type, param: null, code } });

export async function startFakeOpenAi(port = 0): Promise<FakeOpenAi> {
  let globalMode: FakeOpenAiMode = 'ok';
  let slowMs = 2_000;
  let responder: ((req: ChatRequest) => unknown) | null = null;
  let acceptedKey: string | null = null;
  let malformedServed = false;
  let transcriber: ((req: TranscriptionRequest) => TranscriptionAnswer) | null = null;
  const answersBySchema = new Map<string, unknown>();
  const modesBySchema = new Map<string, FakeOpenAiMode>();
  let transcriptionFailures = 0;
  let transcriptions = 0;
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('latin1');
    const path = (req.url ?? '').split('?')[0]!;
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };

    if (path === '/__control' && req.method === 'POST') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        mode?: FakeOpenAiMode;
        slowMs?: number;
        answerFor?: Record<string, unknown>;
        modeFor?: Record<string, FakeOpenAiMode | null>;
        failTranscriptions?: number;
      };
      if (body.mode && FAKE_OPENAI_MODES.includes(body.mode)) {
        globalMode = body.mode;
        malformedServed = false;
      }
      if (body.slowMs) slowMs = body.slowMs;
      if (typeof body.failTranscriptions === 'number') transcriptionFailures = body.failTranscriptions;
      // A fixed answer for one structured prompt only (by its json_schema name, e.g. 'meeting-analysis_v1'; null clears it), so
      // browser tests running in parallel against this one server do not answer each other's prompts.
      for (const [name, a] of Object.entries(body.answerFor ?? {})) {
        if (a === null) answersBySchema.delete(name);
        else answersBySchema.set(name, a);
      }
      for (const [name, m] of Object.entries(body.modeFor ?? {})) {
        if (m === null) modesBySchema.delete(name);
        else if (FAKE_OPENAI_MODES.includes(m)) modesBySchema.set(name, m);
      }
      return send(200, JSON.stringify({ mode: globalMode, slowMs }));
    }
    if (path === '/health') return send(200, '{"ok":true}');

    let body: ChatRequest | null = null;
    if (req.headers['content-type']?.includes('application/json')) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      } catch {
        return send(400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null));
      }
    }
    requests.push({ path, authorization: req.headers.authorization ?? null, body, raw });

    const key = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const mode = modesBySchema.get(body?.response_format?.json_schema?.name ?? '') ?? globalMode;
    if (mode === 'unauthorized' || (acceptedKey !== null && key !== acceptedKey)) {
      return send(401, errorBody('Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (mode === 'rate_limited') {
      return send(429, errorBody('Rate limit reached for requests. Please try again in 1s.', 'requests', 'rate_limit_exceeded'), { 'retry-after': '1' });
    }
    if (mode === 'error_500') return send(500, errorBody('The server had an error while processing your request. Sorry about that!', 'server_error', null));
    if (mode === 'slow') {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, slowMs);
        timers.add(t);
      });
      if (res.destroyed) return;
    }

    if (path === '/v1/chat/completions' && req.method === 'POST' && body) {
      const schema = body.response_format?.json_schema?.schema;
      let content: string;
      const malformed = mode === 'malformed' || (mode === 'malformed_once' && !malformedServed);
      if (malformed) {
        malformedServed = true;
        content = '{"resposta": "isto não segue o esquema"';
      } else if (answersBySchema.has(body.response_format?.json_schema?.name ?? '')) {
        content = JSON.stringify(answersBySchema.get(body.response_format!.json_schema!.name));
      } else if (responder) {
        const answer = responder(body);
        content = typeof answer === 'string' ? answer : JSON.stringify(answer);
      } else {
        content = schema ? JSON.stringify(sampleFor(schema)) : 'Olá! Esta é uma resposta de teste.';
      }
      const created = Math.floor(Date.now() / 1000);
      return send(
        200,
        JSON.stringify({
          id: `chatcmpl-fake${requests.length}`,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
          system_fingerprint: 'fp_fake',
        }),
      );
    }
    if (path === '/v1/audio/transcriptions' && req.method === 'POST') {
      if (!raw.includes('name="file"')) return send(400, errorBody("1 validation error for Request\nbody -> file\n  field required", 'invalid_request_error', null));
      const format = formFields(raw, 'response_format')[0] ?? 'json';
      const language = formFields(raw, 'language')[0] ?? 'pt';
      const model = formFields(raw, 'model')[0] ?? null;
      const chunkingStrategy = formFields(raw, 'chunking_strategy')[0] ?? null;
      const knownSpeakerNames = formFields(raw, 'known_speaker_names[]');
      const knownSpeakerReferences = formFields(raw, 'known_speaker_references[]');
      const index = transcriptions++;
      if (transcriptionFailures > 0) {
        transcriptionFailures--;
        return send(500, errorBody('The server had an error while processing your request. Sorry about that!', 'server_error', null));
      }
      const filename = /name="file"; filename="([^"]*)"/.exec(raw)?.[1] ?? null;
      const fileStart = raw.indexOf('\r\n\r\n', raw.indexOf('name="file"'));
      const fileEnd = raw.indexOf('\r\n--', fileStart + 4);
      const bytes = fileStart >= 0 && fileEnd > fileStart ? fileEnd - fileStart - 4 : 0;
      const diarizing = /diariz/i.test(model ?? '');
      if (diarizing) {
        const refuse = (message: string, param: string) => send(400, JSON.stringify({ error: { message, type: 'invalid_request_error', param, code: null } }));
        if (format === 'verbose_json' || format === 'srt' || format === 'vtt') return refuse(`response_format '${format}' is not compatible with model '${model}'. Use 'json', 'text' or 'diarized_json'.`, 'response_format');
        if (formFields(raw, 'prompt').length) return refuse('Prompt is not supported for diarization models.', 'prompt');
        // 30 s of the compact MP3 parts we send (32 kbit/s) is about 120 KB.
        if (!chunkingStrategy && bytes > 120_000) return refuse('chunking_strategy is required for diarization models when the input audio is longer than 30 seconds.', 'chunking_strategy');
        if (knownSpeakerNames.length !== knownSpeakerReferences.length || knownSpeakerNames.length > 4 || knownSpeakerReferences.some((r) => !r.startsWith('data:audio/'))) {
          return refuse('known_speaker_names and known_speaker_references must have the same length (up to 4), with audio data URLs.', 'known_speaker_references');
        }
      } else if (format === 'diarized_json') {
        return send(400, JSON.stringify({ error: { message: `response_format 'diarized_json' is only supported by diarization models, not '${model}'.`, type: 'invalid_request_error', param: 'response_format', code: null } }));
      }
      const custom = transcriber?.({ index, bytes, filename, format, model, chunkingStrategy, knownSpeakerNames, knownSpeakerReferences });
      if (custom) {
        if (format === 'text') {
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end(`${custom.text}\n`);
        }
        if (format === 'diarized_json') return send(200, JSON.stringify(diarized(custom)));
        if (format === 'verbose_json') {
          const segments = (custom.segments ?? [{ start: 0, end: custom.duration ?? 1, text: custom.text }]).map(({ speaker: _, ...x }, id) => ({ id, seek: 0, ...x, tokens: [1], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 }));
          return send(200, JSON.stringify({ task: 'transcribe', language: 'portuguese', duration: custom.duration ?? segments.at(-1)?.end ?? 0, text: custom.text, segments }));
        }
        return send(200, JSON.stringify({ text: custom.text }));
      }
      const text = 'Olá, esta é uma transcrição de teste.';
      if (format === 'diarized_json') {
        return send(
          200,
          JSON.stringify(
            diarized({
              text: `${text} Obrigado, pode continuar.`,
              duration: 4,
              segments: [
                { start: 0, end: 2.5, text, speaker: knownSpeakerNames[0] ?? 'A' },
                { start: 2.5, end: 4, text: 'Obrigado, pode continuar.', speaker: knownSpeakerNames[1] ?? 'B' },
              ],
            }),
          ),
        );
      }
      if (format === 'text') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(`${text}\n`);
      }
      if (format === 'verbose_json') {
        return send(
          200,
          JSON.stringify({
            task: 'transcribe',
            language: language === 'pt' ? 'portuguese' : language,
            duration: 2.5,
            text,
            segments: [{ id: 0, seek: 0, start: 0, end: 2.5, text, tokens: [1, 2, 3], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 }],
          }),
        );
      }
      return send(200, JSON.stringify({ text }));
    }
    return send(404, errorBody(`Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url'));
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    baseUrl: `http://127.0.0.1:${actual}/v1`,
    requests,
    setMode(m, opts) {
      globalMode = m;
      malformedServed = false;
      if (opts?.slowMs) slowMs = opts.slowMs;
    },
    setResponder(fn) {
      responder = fn;
    },
    setAcceptedKey(k) {
      acceptedKey = k;
    },
    setTranscriber(fn) {
      transcriber = fn;
    },
    failTranscriptions(n) {
      transcriptionFailures = n;
    },
    transcriptionCount() {
      return transcriptions;
    },
    reset() {
      answersBySchema.clear();
      modesBySchema.clear();
      transcriber = null;
      transcriptionFailures = 0;
      transcriptions = 0;
      globalMode = 'ok';
      responder = null;
      acceptedKey = null;
      malformedServed = false;
      requests.length = 0;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
