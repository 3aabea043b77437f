import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from '@sede/shared/analysis/schemas';
import type { SalesOverview } from '@sede/shared/crm/sales';
import type { MeetingAnalysisView, MeetingView } from '@sede/shared/meetings/schemas';
import type { JobRunView } from '@sede/shared/platform/jobs';
import { setTranscriptionOptions } from '../../src/platform/analysis/audio.ts';
import { runAnalysisJob } from '../../src/platform/analysis/run.ts';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { runPaidAction } from '../../src/platform/paid-actions/index.ts';
import { makeAudio, makeLongOgg } from '../analysis/audio-support.ts';
import { ledgerState } from '../billing/support.ts';
import { seedDeal } from '../crm/support.ts';
import { upload } from '../files/support.ts';
import { startFakeOpenAi, type ChatRequest, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { addMember, createCompanyWithAdmin, memberOf, sql, uniqueEmail, type Person } from '../team/support.ts';
import { eventually } from '../support/eventually.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/analysis/${name}`, import.meta.url)) as Buffer<ArrayBuffer>;

let server: TestServer;
let fake: FakeOpenAi;
let companyId: string;
let dealId: string;
let admin: Person;
let vendas: Person;
let juridico: Person;
let outsider: Person;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(path, { method, json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
/** The model's answer: Bruno Vendas (a member) owns the proposal; "Pedro" (the client) owns the other step. */
const answer = (over: Record<string, unknown> = {}) => ({
  summary: 'Reunião de descoberta com a Marina: orçamento de R$ 20 mil e proposta para amanhã.',
  participants: [
    { name: 'Marina', role: 'Executiva de vendas', side: 'vendedor' },
    { name: 'Pedro', role: 'Diretor de compras', side: 'cliente' },
  ],
  speakerTurns: [],
  needs: [{ description: 'Abastecer o mercado no trimestre', quote: 'Temos R$ 20 mil para este trimestre' }],
  pains: [{ description: 'Fornecedor atual atrasa', quote: 'uma frase que ninguém disse' }],
  objections: [{ objection: 'Preço alto', response: 'Desconto por volume', handling: 'parcial', quote: null }],
  nextSteps: [
    { description: 'Enviar a proposta comercial', owner: 'Bruno Vendas', dueDate: '2026-12-01' },
    { description: 'Validar o orçamento com o financeiro', owner: 'Pedro', dueDate: 'amanhã' },
  ],
  qualification: {
    budget: { score: 20, evidence: 'R$ 20 mil no trimestre' },
    authority: { score: 30, evidence: 'Pedro decide' },
    need: { score: 18, evidence: 'Precisa abastecer' },
    timeline: { score: -3, evidence: 'Sem prazo' },
  },
  sentiment: { overall: 'positivo', explanation: 'O cliente se mostrou interessado.' },
  ...over,
});

async function newMeeting(who: Person, title = 'Descoberta com o mercado'): Promise<MeetingView> {
  const res = await call<MeetingView>('/api/meetings', who, 'POST', { dealId, title, occurredOn: '2026-11-20', consent: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const attach = (who: Person, meetingId: string, name: string, bytes: Buffer, kind = 'document') => upload(server, who.jar, `entityType=meeting&entityId=${meetingId}&kind=${kind}`, bytes, name);
async function runAnalysis(meetingId: string, fileId: string, who = vendas, onStatus?: (s: string) => void) {
  const res = await call<MeetingAnalysisView>(`/api/meetings/${meetingId}/analyses`, who, 'POST', { fileId });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const run = await eventually(
    async () => {
      if (onStatus) onStatus((await call<MeetingAnalysisView>(`/api/meetings/analyses/${res.body.id}`, who)).body.status);
      return (await call<JobRunView>(`/api/jobs/${res.body.jobRunId}`, who)).body;
    },
    (r) => r.status === 'done' || r.status === 'failed',
  );
  const analysis = (await call<MeetingAnalysisView>(`/api/meetings/analyses/${res.body.id}`, who)).body;
  return { started: res.body, run, analysis };
}
const balance = async () => (await ledgerState(server, companyId)).balance;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
  const a = await createCompanyWithAdmin(server, 'Reuniões Teste Ltda');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await createConfirmedUser(server, { email: uniqueEmail('vendas'), firstName: 'Bruno', lastName: 'Vendas' });
  await addMember(server, companyId, vendas.userId, 'vendas');
  juridico = await memberOf(server, companyId, 'juridico');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
  dealId = (await seedDeal(server, companyId, { title: 'Mercado Bom Preço' })).dealId;
  await applyCoins(server.services.db, { companyId, amount: 200, kind: 'adjustment', reason: 'Saldo de teste' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  setTranscriptionOptions(server.services, { partSeconds: 600 });
});

describe('meetings: the register', () => {
  it('creates with the consent stored, refuses without it or with another company’s deal, lists and filters by deal', async () => {
    const noConsent = await call('/api/meetings', vendas, 'POST', { dealId, title: 'X', consent: false });
    expect(noConsent).toMatchObject({ status: 400, body: { error: 'Confirme que as pessoas gravadas foram avisadas e consentiram com a gravação e a análise antes de enviar.' } });
    const foreignDeal = (await seedDeal(server, (await createCompanyWithAdmin(server, 'Terceira Ltda')).companyId)).dealId;
    expect((await call('/api/meetings', vendas, 'POST', { dealId: foreignDeal, title: 'X', consent: true })).status).toBe(404);
    expect((await call('/api/meetings', vendas, 'POST', { dealId, title: '', consent: true })).status).toBe(400);
    const m = await newMeeting(vendas, 'Primeira conversa');
    expect(m).toMatchObject({ dealId, dealTitle: 'Mercado Bom Preço', title: 'Primeira conversa', occurredOn: '2026-11-20', consentByName: 'Bruno Vendas', latest: null });
    expect(Date.parse(m.consentAt)).not.toBeNaN();
    const list = await call<{ meetings: MeetingView[] }>(`/api/meetings?dealId=${dealId}`, vendas);
    expect(list.body.meetings.map((x) => x.id)).toContain(m.id);
    expect((await call<{ meetings: MeetingView[] }>(`/api/meetings?dealId=${foreignDeal}`, vendas)).body.meetings).toEqual([]);
  });
});

describe('meetings: the analysis (ai.meeting_analysis, 5 coins)', () => {
  it('a transcript: stages, a structured page (BANT, talk-time from times, quotes located, owners mapped), charged once; re-run keeps version 1', async () => {
    const m = await newMeeting(vendas);
    const up = await attach(vendas, m.id, 'reuniao.txt', fixture('reuniao.txt'));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    let prompt = '';
    fake.setResponder((req: ChatRequest) => {
      prompt = JSON.stringify(req.messages);
      return answer();
    });
    const before = await balance();
    const { started, run, analysis } = await runAnalysis(m.id, up.body.id);
    expect(started).toMatchObject({ status: 'queued', version: 1, fileName: 'reuniao.txt' });
    expect(run).toMatchObject({ status: 'done', stage: 'Pronto' });
    expect(prompt).toContain('[2] (00:10) Pedro: Temos R$ 20 mil para este trimestre.');
    expect(prompt).toContain('Bruno Vendas'); // members are offered as owners
    expect(analysis).toMatchObject({ status: 'done', version: 1, charged: 5, createdTasks: [] });
    const r = analysis.result!;
    expect(r.qualification).toMatchObject({ method: 'BANT', score: 20 + 25 + 18 + 0 });
    expect(r.qualification.criteria.authority.score).toBe(25);
    expect(r.speakersInferred).toBe(false);
    expect(r.talkTimeEstimated).toBe(false);
    expect(r.talkTime.map((t) => t.speaker).sort()).toEqual(['Marina', 'Pedro']);
    expect(r.transcript[1]).toMatchObject({ speaker: 'Pedro', start: 10 });
    expect(r.needs[0]!.found).toBe(true);
    expect(r.pains[0]!.found).toBe(false);
    expect(r.nextSteps).toEqual([
      { description: 'Enviar a proposta comercial', owner: 'Bruno Vendas', ownerUserId: vendas.userId, ownerMember: 'Bruno Vendas', dueDate: '2026-12-01' },
      { description: 'Validar o orçamento com o financeiro', owner: 'Pedro', ownerUserId: null, ownerMember: null, dueDate: null },
    ]);
    expect(r.promptId).toBe('meeting-analysis.v1');
    expect(await balance()).toBe(before - 5);
    const second = await runAnalysis(m.id, up.body.id);
    expect(second.analysis).toMatchObject({ status: 'done', version: 2 });
    const list = await call<{ analyses: MeetingAnalysisView[] }>(`/api/meetings/${m.id}/analyses`, vendas);
    expect(list.body.analyses.map((a) => a.version)).toEqual([2, 1]);
    expect(await balance()).toBe(before - 10);
    const got = await call<MeetingView>(`/api/meetings/${m.id}`, vendas);
    expect(got.body.latest).toMatchObject({ version: 2, status: 'done', qualificationScore: 63, sentiment: 'positivo' });
  });

  it('a recording: transcribing stage, split into parts, the speakers told apart by the diarizing model, talk-time from segments; charged once', async () => {
    setTranscriptionOptions(server.services, { partSeconds: 10 });
    const speakers = [
      ['A', 'B'],
      ['Falante 1', 'Falante 2'],
      ['Falante 1', 'Falante 2'],
    ];
    fake.setTranscriber((req) => ({
      text: `Parte ${req.index + 1}`,
      segments: [
        { start: 0, end: 6, text: `Fala longa da parte ${req.index + 1}.`, speaker: speakers[req.index]![0] },
        { start: 6, end: 9, text: `Resposta curta ${req.index + 1}.`, speaker: speakers[req.index]![1] },
      ],
    }));
    let prompt = '';
    fake.setResponder((req: ChatRequest) => {
      prompt = JSON.stringify(req.messages);
      return answer();
    });
    const m = await newMeeting(vendas, 'Gravação');
    const up = await attach(vendas, m.id, 'reuniao.wav', makeAudio(30, 'wav'), 'audio');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const before = await balance();
    const seen = new Set<string>();
    const { run, analysis } = await runAnalysis(m.id, up.body.id, vendas, (s) => seen.add(s));
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(seen.has('transcribing')).toBe(true);
    expect(fake.transcriptionCount()).toBe(3);
    // One analysis call: the speakers came with the transcript, no AI step to split them.
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body?.response_format?.json_schema?.name)).toEqual(['meeting-analysis_v1']);
    expect(prompt).toContain('[2] (00:06) Falante 2: Resposta curta 1.');
    expect(prompt).toContain('A transcrição identifica os falantes.');
    const r = analysis.result!;
    expect(r.speakersInferred).toBe(true);
    expect(r.source).toMatchObject({ format: 'audio', durationSeconds: 30 });
    expect(r.transcript.map((x) => x.speaker)).toEqual(['Falante 1', 'Falante 2', 'Falante 1', 'Falante 2', 'Falante 1', 'Falante 2']);
    expect(r.talkTime).toEqual([
      { speaker: 'Falante 1', seconds: 18, share: 0.667 },
      { speaker: 'Falante 2', seconds: 9, share: 0.333 },
    ]);
    expect(analysis.charged).toBe(5);
    expect(await balance()).toBe(before - 5);
  });

  it('a recording from a model without speakers (whisper-1): an AI step splits the turns inside the paid analysis; its failure charges nothing', async () => {
    const cfg = server.services.cfg as { AI_TRANSCRIPTION_MODEL: string };
    cfg.AI_TRANSCRIPTION_MODEL = 'whisper-1';
    try {
      setTranscriptionOptions(server.services, { partSeconds: 10 });
      fake.setTranscriber((req) => ({
        text: `Parte ${req.index + 1}`,
        segments: [
          { start: 0, end: 6, text: `Pergunta ${req.index + 1}?` },
          { start: 6, end: 9, text: `Resposta ${req.index + 1}.` },
        ],
      }));
      const asked: string[] = [];
      fake.setResponder((req: ChatRequest) => {
        if (req.response_format?.json_schema?.name !== 'speaker-turns_v1') return answer();
        asked.push(req.messages.at(-1)!.content);
        return { turns: [1, 2, 3, 4, 5, 6].map((n) => ({ fromSegment: n, speaker: n % 2 ? 'Falante 1' : 'Falante 2' })) };
      });
      const m = await newMeeting(vendas, 'Gravação sem falantes');
      const up = await attach(vendas, m.id, 'reuniao.wav', makeAudio(30, 'wav'), 'audio');
      const before = await balance();
      const { analysis } = await runAnalysis(m.id, up.body.id);
      expect(analysis.status, JSON.stringify(analysis)).toBe('done');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('[2] (00:06) Resposta 1.');
      expect(fake.requests.filter((r) => r.path === '/v1/audio/transcriptions').every((r) => /name="response_format"\r\n\r\nverbose_json/.test(r.raw))).toBe(true);
      const r = analysis.result!;
      expect(r.transcript.map((x) => x.speaker)).toEqual(['Falante 1', 'Falante 2', 'Falante 1', 'Falante 2', 'Falante 1', 'Falante 2']);
      expect(r.talkTime.map((t) => [t.speaker, t.share])).toEqual([
        ['Falante 1', 0.667],
        ['Falante 2', 0.333],
      ]);
      expect(await balance()).toBe(before - 5);

      // The step's answer is not what was asked, twice: the analysis fails, nothing is charged.
      fake.setResponder((req: ChatRequest) => (req.response_format?.json_schema?.name === 'speaker-turns_v1' ? { falantes: 'não sei' } : answer()));
      const failed = await runAnalysis(m.id, up.body.id);
      expect(failed.analysis).toMatchObject({ status: 'failed', charged: 0, result: null });
      expect(await balance()).toBe(before - 5);
    } finally {
      cfg.AI_TRANSCRIPTION_MODEL = 'gpt-4o-transcribe-diarize';
    }
  });

  it("naming the speakers: 'Falante 1' → 'Bruno Vendas' across the transcript, the talk-time and the next steps; two names made one are merged", async () => {
    fake.setTranscriber(() => ({
      text: 'x',
      segments: [
        { start: 0, end: 5, text: 'Bom dia, sou o Bruno.', speaker: 'A' },
        { start: 5, end: 7, text: 'Bom dia.', speaker: 'B' },
        { start: 7, end: 9, text: 'Tudo certo?', speaker: 'C' },
      ],
    }));
    fake.setResponder(() => answer({ nextSteps: [{ description: 'Enviar a proposta', owner: 'Falante 1', dueDate: null }], participants: [{ name: 'Falante 1', role: null, side: 'vendedor' }] }));
    const m = await newMeeting(vendas, 'Nomes');
    const up = await attach(vendas, m.id, 'reuniao.wav', makeAudio(9, 'wav'), 'audio');
    const { analysis } = await runAnalysis(m.id, up.body.id);
    expect(analysis.result!.talkTime.map((t) => t.speaker)).toEqual(['Falante 1', 'Falante 2', 'Falante 3']);
    const path = `/api/meetings/analyses/${analysis.id}/speakers`;

    expect(await call(path, vendas, 'PUT', { names: [] })).toMatchObject({ status: 400, body: { error: 'Informe ao menos um falante para renomear.' } });
    expect(await call(path, vendas, 'PUT', { names: [{ from: 'Falante 1', to: '   ' }] })).toMatchObject({ status: 400, body: { error: 'Dê um nome a cada falante (até 80 caracteres).' } });
    expect(await call(path, vendas, 'PUT', { names: [{ from: 'Falante 9', to: 'Ana' }] })).toMatchObject({ status: 400, body: { error: 'Falante não encontrado nesta análise.' } });
    expect(await call(path, vendas, 'PUT', { names: [{ from: 'Falante 1', to: 'A'.repeat(81) }] })).toMatchObject({ status: 400 });

    const res = await call<MeetingAnalysisView>(path, vendas, 'PUT', {
      names: [
        { from: 'Falante 1', to: ' Bruno   Vendas ' },
        { from: 'Falante 2', to: 'Pedro' },
        { from: 'Falante 3', to: 'Pedro' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.result!;
    expect(r.transcript.map((x) => x.speaker)).toEqual(['Bruno Vendas', 'Pedro', 'Pedro']);
    expect(r.talkTime).toEqual([
      { speaker: 'Bruno Vendas', seconds: 5, share: 0.556 },
      { speaker: 'Pedro', seconds: 4, share: 0.444 },
    ]);
    expect(r.participants.map((p) => p.name)).toEqual(['Bruno Vendas']);
    // The step's owner is now a member: it will be assigned to him.
    expect(r.nextSteps[0]).toMatchObject({ owner: 'Bruno Vendas', ownerUserId: vendas.userId, ownerMember: 'Bruno Vendas' });
    // Stored: the page and the list read the new names.
    const again = await call<MeetingAnalysisView>(`/api/meetings/analyses/${analysis.id}`, vendas);
    expect(again.body.result!.talkTime.map((t) => t.speaker)).toEqual(['Bruno Vendas', 'Pedro']);
    // Renamed again from the new name.
    const twice = await call<MeetingAnalysisView>(path, vendas, 'PUT', { names: [{ from: 'Pedro', to: 'Pedro Almeida' }] });
    expect(twice.body.result!.talkTime.map((t) => t.speaker)).toEqual(['Bruno Vendas', 'Pedro Almeida']);

    // A version that is not done yet cannot be renamed.
    const [queued] = await sql(server, `insert into analyses (company_id, kind, subject_type, subject_id, file_id, status, version) values ($1, 'meeting', 'meeting', $2, $3, 'queued', 99) returning id`, [companyId, m.id, up.body.id]);
    expect(await call(`/api/meetings/analyses/${queued!.id}/speakers`, vendas, 'PUT', { names: [{ from: 'Falante 1', to: 'Ana' }] })).toMatchObject({ status: 409, body: { code: 'ANALYSIS_NOT_DONE' } });
    await sql(server, 'delete from analyses where id = $1', [queued!.id]);
  });

  it('no charge on failure: the transcription fails, the model returns invalid JSON, a 3-hour recording, a corrupt recording', async () => {
    const m = await newMeeting(vendas, 'Falhas');
    const before = await balance();
    const wav = await attach(vendas, m.id, 'curta.wav', makeAudio(3, 'wav'), 'audio');
    fake.failTranscriptions(Number.POSITIVE_INFINITY);
    const failed = await runAnalysis(m.id, wav.body.id);
    expect(failed.analysis).toMatchObject({ status: 'failed', charged: 0, result: null });
    expect(failed.analysis.error).toBeTruthy();
    fake.failTranscriptions(0);

    fake.setMode('malformed');
    const txt = await attach(vendas, m.id, 'reuniao.txt', fixture('reuniao.txt'));
    const malformed = await runAnalysis(m.id, txt.body.id);
    expect(malformed.analysis).toMatchObject({ status: 'failed', charged: 0 });
    expect(malformed.analysis.error).toMatch(/IA/);
    fake.setMode('ok');

    const count = fake.transcriptionCount();
    const long = await attach(vendas, m.id, 'longa.ogg', makeLongOgg(3), 'audio');
    expect(long.status, JSON.stringify(long.body)).toBe(201);
    const tooLong = await runAnalysis(m.id, long.body.id);
    expect(tooLong.analysis).toMatchObject({ status: 'failed', charged: 0, error: MATERIAL_MESSAGES.audioTooLong('3 h') });
    expect(fake.transcriptionCount()).toBe(count); // nothing sent

    // A WAV header followed by garbage: accepted as audio by the upload, unreadable by ffmpeg.
    const broken = Buffer.concat([makeAudio(1, 'wav').subarray(0, 12), Buffer.alloc(3000, 0xff)]);
    const bad = await attach(vendas, m.id, 'quebrada.wav', broken, 'audio');
    if (bad.status === 201) {
      const corrupt = await runAnalysis(m.id, bad.body.id);
      expect(corrupt.analysis).toMatchObject({ status: 'failed', charged: 0, error: MATERIAL_MESSAGES.audioUnreadable });
    } else expect(bad.status).toBe(415);

    expect(await balance()).toBe(before);
    expect((await sql(server, `select count(*)::int as n from paid_actions where company_id = $1 and status = 'reserved'`, [companyId]))[0]!.n).toBe(0);
    expect((await ledgerState(server, companyId)).sum).toBe(await balance());
  });

  it('a restart mid-transcription never charges twice', async () => {
    fake.setResponder(() => answer());
    const m = await newMeeting(vendas, 'Reinício');
    const up = await attach(vendas, m.id, 'reuniao.wav', makeAudio(4, 'wav'), 'audio');
    const tenant = { db: server.services.db, companyId, actorId: vendas.userId };
    const row = async (version: number) =>
      (
        await sql(server, `insert into analyses (company_id, kind, subject_type, subject_id, file_id, status, version, created_by) values ($1, 'meeting', 'meeting', $2, $3, 'transcribing', $4, $5) returning id`, [
          companyId,
          m.id,
          up.body.id,
          version,
          vendas.userId,
        ])
      )[0]!.id as string;
    const before = await balance();
    // Died mid-transcription (before the charge): the resumed attempt transcribes again and charges once.
    const early = await row(201);
    await expect(runAnalysisJob(server.services, { input: { analysisId: early, ownKey: false }, tenant, resumed: true, progress: () => {} })).resolves.toEqual({ analysisId: early, charged: 5 });
    expect(await balance()).toBe(before - 5);
    // Died after reserving: refunded, failed cleanly, the reference spent.
    const crashed = await row(202);
    void runPaidAction(server.services, tenant, { action: 'ai.meeting_analysis', reference: `analysis:${crashed}` }, () => new Promise(() => {}));
    await eventually(() => sql(server, 'select status from paid_actions where reference = $1', [`analysis:${crashed}`]), (r) => r.length === 1);
    await expect(runAnalysisJob(server.services, { input: { analysisId: crashed, ownKey: false }, tenant, resumed: true, progress: () => {} })).rejects.toThrow(MATERIAL_MESSAGES.interrupted);
    expect(await balance()).toBe(before - 5);
  });

  it('confirming next steps creates activities on the deal (owners mapped to members), each once', async () => {
    fake.setResponder(() => answer());
    const m = await newMeeting(vendas, 'Passos');
    const up = await attach(vendas, m.id, 'reuniao.txt', fixture('reuniao.txt'));
    const { analysis } = await runAnalysis(m.id, up.body.id);
    expect((await call(`/api/meetings/analyses/${analysis.id}/confirm`, vendas, 'POST', { steps: [] })).status).toBe(400);
    expect((await call(`/api/meetings/analyses/${analysis.id}/confirm`, vendas, 'POST', { steps: [7] })).status).toBe(400);
    const res = await call<{ tasks: { id: string; title: string; assignee: { id: string } | null; dueDate: string | null; entityType: string; entityId: string }[] }>(
      `/api/meetings/analyses/${analysis.id}/confirm`,
      admin,
      'POST',
      { steps: [0, 1] },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.tasks.map((t) => [t.title, t.assignee?.id, t.dueDate, t.entityType, t.entityId])).toEqual([
      ['Enviar a proposta comercial', vendas.userId, '2026-12-01', 'deal', dealId],
      ['Validar o orçamento com o financeiro', admin.userId, null, 'deal', dealId],
    ]);
    const onDeal = await call<{ tasks: { title: string }[] }>(`/api/tasks?entityType=deal&entityId=${dealId}`, vendas);
    expect(onDeal.body.tasks.map((t) => t.title)).toEqual(expect.arrayContaining(['Enviar a proposta comercial', 'Validar o orçamento com o financeiro']));
    const again = await call(`/api/meetings/analyses/${analysis.id}/confirm`, vendas, 'POST', { steps: [0] });
    expect(again).toMatchObject({ status: 409, body: { code: 'STEPS_ALREADY_CREATED' } });
    const view = await call<MeetingAnalysisView>(`/api/meetings/analyses/${analysis.id}`, vendas);
    expect(view.body.createdTasks.map((t) => t.stepIndex)).toEqual([0, 1]);
  });

  it("the tile on /comercial: meetings analysed this month and the average BANT score", async () => {
    const res = await call<SalesOverview>('/api/comercial/overview', vendas);
    expect(res.status).toBe(200);
    const tile = res.body.tiles.find((t) => t.tool === 'analise-reunioes');
    expect(tile?.kpi?.label).toBe('Reuniões analisadas no mês');
    expect(tile?.kpi?.value).toMatch(/^\d+ · BANT médio 63$/);
  });

  it('no coins: 409 with the price, nothing created', async () => {
    const poor = await createCompanyWithAdmin(server, 'Sem Moedas Ltda');
    const has = (await ledgerState(server, poor.companyId)).balance;
    if (has > 0) await applyCoins(server.services.db, { companyId: poor.companyId, amount: -has, kind: 'adjustment', reason: 'Zerar saldo' });
    const deal = (await seedDeal(server, poor.companyId)).dealId;
    const m = (await call<MeetingView>('/api/meetings', poor.admin, 'POST', { dealId: deal, title: 'Sem moedas', consent: true })).body;
    const up = await upload(server, poor.admin.jar, `entityType=meeting&entityId=${m.id}&kind=document`, fixture('reuniao.txt'), 'reuniao.txt');
    const res = await call(`/api/meetings/${m.id}/analyses`, poor.admin, 'POST', { fileId: up.body.id });
    expect(res).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_COINS', price: 5, balance: 0 } });
    expect(await sql(server, 'select id from analyses where subject_id = $1', [m.id])).toEqual([]);
  });
});

describe('meetings: isolation', () => {
  it('another company 404 on every meeting, analysis and file id (downloads included); without comercial 403', async () => {
    fake.setResponder(() => answer());
    const m = await newMeeting(vendas, 'Reunião secreta');
    const up = await attach(vendas, m.id, 'reuniao.txt', fixture('reuniao.txt'));
    const { analysis } = await runAnalysis(m.id, up.body.id);
    const fileId = up.body.id as string;
    await expectTenantIsolation(server, { owner: { jar: vendas.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: juridico.jar }, secrets: ['Reunião secreta', 'Mercado Bom Preço'] }, [
      { method: 'GET', path: `/api/meetings/${m.id}` },
      { method: 'GET', path: `/api/meetings/${m.id}/analyses` },
      { method: 'GET', path: `/api/meetings/analyses/${analysis.id}` },
      { method: 'PUT', path: `/api/meetings/analyses/${analysis.id}/speakers`, body: { names: [{ from: 'Marina', to: 'Marina Souza' }] } },
      { method: 'GET', path: `/api/files/${fileId}` },
      { method: 'GET', path: `/api/files/${fileId}/content` },
      { method: 'GET', path: `/api/files?entityType=meeting&entityId=${m.id}` },
    ]);
    expect((await call<{ meetings: MeetingView[] }>('/api/meetings', outsider)).body.meetings).toEqual([]);
    expect((await call('/api/meetings', juridico)).status).toBe(403);
    expect((await call('/api/meetings', juridico, 'POST', { dealId, title: 'X', consent: true })).status).toBe(403);
    // Writes: the outsider 404, without comercial 403 (starting checked last: it charges).
    for (const [method, path, body] of [
      ['POST', `/api/meetings/analyses/${analysis.id}/confirm`, { steps: [0] }],
      ['POST', `/api/meetings/${m.id}/analyses`, { fileId }],
      ['DELETE', `/api/meetings/${m.id}`, undefined],
    ] as const) {
      expect((await call(path, outsider, method, body)).status, `${method} ${path}`).toBe(404);
      expect((await call(path, juridico, method, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await call(`/api/meetings/${m.id}`, vendas, 'DELETE')).status).toBe(200);
    expect((await call(`/api/meetings/${m.id}`, vendas)).status).toBe(404);
    expect((await call(`/api/meetings/analyses/${analysis.id}`, vendas)).status).toBe(404);
    // The recording or transcript (personal data) goes with the meeting.
    expect(await sql(server, 'select deleted_at is not null as gone from files where id = $1', [fileId])).toEqual([{ gone: true }]);
    expect((await call(`/api/files/${fileId}/content`, vendas)).status).toBe(404);
  });
});
