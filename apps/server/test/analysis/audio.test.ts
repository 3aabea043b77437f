import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from '@sede/shared/analysis/schemas';
import { aiCredentials } from '../../src/platform/ai/index.ts';
import { probeDuration, setTranscriptionOptions, transcribeRecording } from '../../src/platform/analysis/audio.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeAudio, makeLongOgg } from './audio-support.ts';

let server: TestServer;
let fake: FakeOpenAi;
const creds = () => aiCredentials(server.services.cfg, new Headers())!;

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
    const seen: { index: number; bytes: number; filename: string | null; format: string }[] = [];
    fake.setTranscriber((req) => {
      seen.push(req);
      return { text: `Parte ${req.index + 1}.`, segments: [{ start: 0, end: 4, text: `Parte ${req.index + 1}, começo.` }, { start: 5, end: 9.5, text: `Parte ${req.index + 1}, fim.` }] };
    });
    const wav = makeAudio(30, 'wav');
    const progress: [number, number][] = [];
    const m = await transcribeRecording(server.services, creds(), { bytes: wav, name: 'reuniao.wav' }, (d, t) => progress.push([d, t]));
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
    const m = await transcribeRecording(server.services, creds(), { bytes: makeAudio(3, 'ogg'), name: 'nota.ogg' });
    expect(fake.transcriptionCount()).toBe(1);
    expect(m.segments).toEqual([{ speaker: null, start: 0, end: expect.any(Number), text: 'Bom dia a todos.' }]);
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
