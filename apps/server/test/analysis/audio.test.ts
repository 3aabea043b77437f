import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from '@sede/shared/analysis/schemas';
import { aiCredentials } from '../../src/platform/ai/index.ts';
import { probeDuration, setTranscriptionOptions, transcribeRecording } from '../../src/platform/analysis/audio.ts';
import { SEGMENTS_PER_CALL, splitTurns } from '../../src/platform/analysis/speakers.ts';
import { startFakeOpenAi, type ChatRequest, type FakeOpenAi, type TranscriptionRequest } from '../support/fake-openai.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeAudio, makeLongOgg } from './audio-support.ts';

let server: TestServer;
let fake: FakeOpenAi;
/** The platform's credentials: the default transcription model diarizes (gpt-4o-transcribe-diarize). */
const creds = () => aiCredentials(server.services.cfg, new Headers())!;
/** A model without speakers (whisper-1): verbose_json. */
const whisper = () => ({ ...creds(), transcriptionModel: 'whisper-1' });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  setTranscriptionOptions(server.services, { partSeconds: 600 });
});

describe('transcribing a recording (platform/analysis/audio.ts)', () => {
  it('a 30 s WAV in 10 s parts: 3 requests of compact MP3, verbose_json segments shifted by each part start', async () => {
    setTranscriptionOptions(server.services, { partSeconds: 10 });
    const seen: TranscriptionRequest[] = [];
    fake.setTranscriber((req) => {
      seen.push(req);
      return { text: `Parte ${req.index + 1}.`, segments: [{ start: 0, end: 4, text: `Parte ${req.index + 1}, começo.` }, { start: 5, end: 9.5, text: `Parte ${req.index + 1}, fim.` }] };
    });
    const wav = makeAudio(30, 'wav');
    const progress: [number, number][] = [];
    const m = await transcribeRecording(server.services, whisper(), { bytes: wav, name: 'reuniao.wav' }, (d, t) => progress.push([d, t]));
    expect(fake.transcriptionCount()).toBe(3);
    expect(seen.map((r) => [r.filename, r.format])).toEqual([
      ['parte-1.mp3', 'verbose_json'],
      ['parte-2.mp3', 'verbose_json'],
      ['parte-3.mp3', 'verbose_json'],
    ]);
    // Mono 16 kHz at 32 kbit/s: ~40 KB per 10 s, far smaller than the 8 kHz 16-bit WAV part (160 KB).
    for (const r of seen) expect(r.bytes).toBeLessThan(60_000);
    expect(m).toMatchObject({ format: 'audio', speakersInferred: true, durationSeconds: 30, parts: 3, pages: null });
    // Each part's real start (from the segment muxer's list, ~10.008 s) is added to its segments' times.
    const tenth = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    expect(m.segments!.map((x) => [tenth(x.start), tenth(x.end), x.speaker])).toEqual([
      [0, 4, null],
      [5, 9.5, null],
      [10, 14, null],
      [15, 19.5, null],
      [20, 24, null],
      [25, 29.5, null],
    ]);
    expect(m.text).toBe('Parte 1, começo.\nParte 1, fim.\nParte 2, começo.\nParte 2, fim.\nParte 3, começo.\nParte 3, fim.');
    expect(progress).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('a short OGG is one request; an endpoint without segments gives one segment for the part', async () => {
    fake.setTranscriber(() => ({ text: 'Bom dia a todos.', segments: [] }));
    const m = await transcribeRecording(server.services, whisper(), { bytes: makeAudio(3, 'ogg'), name: 'nota.ogg' });
    expect(fake.transcriptionCount()).toBe(1);
    expect(m.segments).toEqual([{ speaker: null, start: 0, end: expect.any(Number), text: 'Bom dia a todos.' }]);
  });

  it('a diarizing model: speakers named Falante 1, 2… in order; a sample of each voice goes with the next parts, so a person keeps one name', async () => {
    setTranscriptionOptions(server.services, { partSeconds: 10 });
    const seen: TranscriptionRequest[] = [];
    // Part 1: A then B. Part 2: the model knows them by their samples and hears someone new ('A' of this part).
    // Part 3: all three are known.
    const labels = [
      ['A', 'B'],
      ['Falante 2', 'A'],
      ['Falante 3', 'Falante 1'],
    ];
    fake.setTranscriber((req) => {
      seen.push(req);
      const [first, second] = labels[req.index]!;
      return { text: 'x', segments: [{ start: 0, end: 4, text: `Parte ${req.index + 1}: primeira fala.`, speaker: first }, { start: 4.5, end: 9.5, text: `Parte ${req.index + 1}: segunda fala.`, speaker: second }] };
    });
    const m = await transcribeRecording(server.services, creds(), { bytes: makeAudio(30, 'wav'), name: 'reuniao.wav' });
    expect(seen.map((r) => [r.format, r.chunkingStrategy, r.knownSpeakerNames])).toEqual([
      ['diarized_json', 'auto', []],
      ['diarized_json', 'auto', ['Falante 1', 'Falante 2']],
      ['diarized_json', 'auto', ['Falante 1', 'Falante 2', 'Falante 3']],
    ]);
    // Each sample is a short MP3 clip of that person's longest stretch (2–10 s), as a data URL.
    for (const ref of seen[2]!.knownSpeakerReferences) {
      expect(ref).toMatch(/^data:audio\/mpeg;base64,/);
      expect(Buffer.from(ref.split(',')[1]!, 'base64').length).toBeGreaterThan(4_000);
      expect(Buffer.from(ref.split(',')[1]!, 'base64').length).toBeLessThan(60_000);
    }
    expect(m.speakersInferred).toBe(true);
    expect(m.segments!.map((x) => x.speaker)).toEqual(['Falante 1', 'Falante 2', 'Falante 2', 'Falante 3', 'Falante 3', 'Falante 1']);
    expect(m.text.split('\n')[0]).toBe('Falante 1: Parte 1: primeira fala.');
  });

  it('a 3-hour recording is refused before anything is sent', async () => {
    const long = makeLongOgg(3);
    await expect(transcribeRecording(server.services, creds(), { bytes: long, name: 'longa.ogg' })).rejects.toMatchObject({
      status: 400,
      code: 'MATERIAL_AUDIO_TOO_LONG',
      message: MATERIAL_MESSAGES.audioTooLong('3 h'),
    });
    expect(fake.transcriptionCount()).toBe(0);
  });

  it('a corrupt or renamed file gets a clear message, nothing sent', async () => {
    const junk = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(4000, 7)]);
    await expect(transcribeRecording(server.services, creds(), { bytes: junk, name: 'quebrado.mp3' })).rejects.toMatchObject({ code: 'MATERIAL_AUDIO_UNREADABLE', message: MATERIAL_MESSAGES.audioUnreadable });
    await expect(transcribeRecording(server.services, creds(), { bytes: Buffer.from('isto é texto, não áudio'), name: 'falso.wav' })).rejects.toMatchObject({ code: 'MATERIAL_AUDIO_UNREADABLE' });
    expect(fake.transcriptionCount()).toBe(0);
  });

  it('the endpoint failing is a readable error', async () => {
    fake.failTranscriptions(1);
    await expect(transcribeRecording(server.services, creds(), { bytes: makeAudio(2), name: 'a.wav' })).rejects.toMatchObject({ status: expect.any(Number) });
    expect(fake.transcriptionCount()).toBe(1);
  });

  it('probes the duration', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const p = join(mkdtempSync(join(tmpdir(), 'probe-')), 'a.wav');
    writeFileSync(p, makeAudio(7));
    expect(Math.round(await probeDuration(p))).toBe(7);
  });
});

describe('splitting the turns of a transcript without speakers (platform/analysis/speakers.ts)', () => {
  it('asks in stretches, with the names so far and the last lines before each stretch; turns hold until the next one', async () => {
    const n = SEGMENTS_PER_CALL + 10;
    const segments = Array.from({ length: n }, (_, i) => ({ speaker: null, start: i * 3, end: i * 3 + 3, text: `Trecho ${i + 1}.` }));
    const asked: string[] = [];
    fake.setResponder((req: ChatRequest) => {
      const user = req.messages.at(-1)!.content;
      asked.push(user);
      // First stretch: Falante 1 from 1, Ana (she said her name) from 3, Falante 1 again from 100.
      // Second stretch: a turn outside it (ignored) and Ana again from its 5th line.
      return asked.length === 1
        ? { turns: [{ fromSegment: 1, speaker: 'Falante 1' }, { fromSegment: 3, speaker: '  Ana ' }, { fromSegment: 100, speaker: 'Falante 1' }] }
        : { turns: [{ fromSegment: 2, speaker: 'Outro' }, { fromSegment: SEGMENTS_PER_CALL + 5, speaker: 'Ana' }] };
    });
    const m = await splitTurns(server.services, creds(), { format: 'audio', text: '', pages: null, segments, speakersInferred: true });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('Falantes já identificados: (nenhum)');
    expect(asked[0]).toContain('[1] (00:00) Trecho 1.');
    expect(asked[1]).toContain('Falantes já identificados: Falante 1, Ana');
    expect(asked[1]).toContain(`[${SEGMENTS_PER_CALL}] (07:27) Falante 1: Trecho ${SEGMENTS_PER_CALL}.`);
    expect(asked[1]).toContain(`[${SEGMENTS_PER_CALL + 1}] (07:30) Trecho ${SEGMENTS_PER_CALL + 1}.`);
    const who = m.segments!.map((x) => x.speaker);
    expect(who.slice(0, 4)).toEqual(['Falante 1', 'Falante 1', 'Ana', 'Ana']);
    expect(who[98]).toBe('Ana');
    expect(who[99]).toBe('Falante 1');
    // The second stretch goes on with the last speaker until its own turn.
    expect(who.slice(SEGMENTS_PER_CALL, SEGMENTS_PER_CALL + 5)).toEqual(['Falante 1', 'Falante 1', 'Falante 1', 'Falante 1', 'Ana']);
    expect(m.text.split('\n')[2]).toBe('Ana: Trecho 3.');
  });

  it('a transcript that already has its speakers is not sent', async () => {
    const material = { format: 'vtt' as const, text: 'Ana: Oi.', pages: null, segments: [{ speaker: 'Ana', start: 0, end: 1, text: 'Oi.' }], speakersInferred: false };
    expect(await splitTurns(server.services, creds(), material)).toBe(material);
    expect(fake.requests).toEqual([]);
  });
});
