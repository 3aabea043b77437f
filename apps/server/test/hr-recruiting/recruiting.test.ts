import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from '@sede/shared/analysis/schemas';
import type { JobRunView } from '@sede/shared/platform/jobs';
import type { CandidateView, InterviewAnalysisView, InterviewView, OpeningView, ResumeAnalysisView } from '@sede/shared/recruiting/schemas';
import { purgeExpiredCandidates } from '../../src/modules/hr-recruiting/service.ts';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { ledgerState } from '../billing/support.ts';
import { upload } from '../files/support.ts';
import { startFakeOpenAi, type ChatRequest, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { eventually } from '../support/eventually.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/analysis/${name}`, import.meta.url)) as Buffer<ArrayBuffer>;

/** A résumé as a real PDF (text layer), one line per entry. */
function resumePdf(lines: string[]): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks) as Buffer<ArrayBuffer>));
    for (const l of lines) doc.fontSize(11).text(l);
    doc.end();
  });
}
/** A tiny WAV recording (44-byte header and silence): sniffed as audio. */
function wavBytes(): Buffer<ArrayBuffer> {
  const data = 8000;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(data, 40);
  return b as Buffer<ArrayBuffer>;
}

let server: TestServer;
let fake: FakeOpenAi;
let companyId: string;
let admin: Person;
let rh: Person;
let vendas: Person;
let outsider: Person;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(path, { method, json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
const balance = async () => (await ledgerState(server, companyId)).balance;
const API = '/api/rh-recruiting';

const resumeAnswer = (prompt: string) => {
  const ana = prompt.includes('Ana Souza');
  return {
    candidateName: ana ? 'Ana Souza' : 'Bruno Lima',
    score: ana ? 88 : 41,
    summary: ana ? 'Vendedora experiente em B2B.' : 'Pouca experiência em vendas.',
    strengths: [{ title: 'Vendas B2B', why: 'Cinco anos em vendas consultivas.', quote: ana ? 'Cinco anos de vendas B2B na Padaria Pão Quente' : 'Atendimento no balcão', location: 'Experiência' }],
    gaps: [{ title: 'CRM', why: 'Não menciona ferramentas de CRM.' }],
    requirements: [{ requirement: 'Experiência em vendas', met: ana ? 'sim' : 'parcial', quote: ana ? 'Cinco anos de vendas B2B' : null }],
  };
};
const interviewAnswer = {
  summary: 'Entrevista objetiva; boa experiência em liderança.',
  competencies: [{ name: 'Liderança', rating: 4, assessment: 'Liderou uma equipe pequena.', evidence: [{ quote: 'Liderei uma equipe de quatro pessoas.', speaker: 'Carlos Lima' }] }],
  redFlags: [{ title: 'Saída recente', why: 'Não explicou a saída do último emprego.', quote: null }],
  recommendation: 'avancar',
  recommendationWhy: 'Atende aos requisitos principais.',
};
const responder = (req: ChatRequest) => {
  const system = req.messages[0]?.content ?? '';
  const user = req.messages.map((m) => m.content).join('\n');
  return system.includes('entrevistas de emprego') ? interviewAnswer : resumeAnswer(user);
};

async function newOpening(who: Person, title = 'Vendedor interno'): Promise<OpeningView> {
  const res = await call<OpeningView>(`${API}/openings`, who, 'POST', {
    title,
    department: 'Comercial',
    requirements: 'Experiência em vendas',
    desiredSkills: 'CRM, negociação',
    workplace: 'hibrido',
    city: 'São Paulo',
    uf: 'SP',
    seniority: 'pleno',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function newCandidate(openingId: string, name: string, who = rh): Promise<CandidateView> {
  const res = await call<CandidateView>(`${API}/openings/${openingId}/candidates`, who, 'POST', { name, nameFromFile: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const attach = (entityType: 'candidate' | 'interview', id: string, name: string, bytes: Buffer, who = rh) =>
  upload(server, who.jar, `entityType=${entityType}&entityId=${id}&kind=${/\.(wav|mp3|m4a|ogg|webm)$/.test(name) ? 'audio' : 'document'}`, bytes, name);

async function analyse<V extends { id: string; jobRunId: string | null }>(path: string, fileId: string, who = rh) {
  const res = await call<V>(path, who, 'POST', { fileId });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const run = await eventually(
    async () => (await call<JobRunView>(`/api/jobs/${res.body.jobRunId}`, who)).body,
    (r) => r.status === 'done' || r.status === 'failed',
  );
  const analysis = (await call<V>(`${API}/analyses/${res.body.id}`, who)).body;
  return { started: res.body, run, analysis };
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
  const a = await createCompanyWithAdmin(server, 'Recrutamento Teste Ltda');
  companyId = a.companyId;
  admin = a.admin;
  rh = await memberOf(server, companyId, 'rh');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
  await applyCoins(server.services.db, { companyId, amount: 100, kind: 'adjustment', reason: 'Saldo de teste' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('RH: job openings', () => {
  it('creates, lists, updates and closes; refuses a presencial opening without a city, a bad UF, a blank title', async () => {
    const o = await newOpening(rh, 'Analista de RH');
    expect(o).toMatchObject({ status: 'aberta', workplace: 'hibrido', city: 'São Paulo', uf: 'SP', seniority: 'pleno', candidates: 0, closedAt: null });
    const remote = await call<OpeningView>(`${API}/openings`, rh, 'POST', { title: 'Dev remoto', workplace: 'remoto', city: 'Recife', uf: 'PE' });
    expect(remote.body).toMatchObject({ workplace: 'remoto', city: null, uf: null });
    expect(await call(`${API}/openings`, rh, 'POST', { title: 'Sem cidade', workplace: 'presencial' })).toMatchObject({ status: 400, body: { code: 'CITY_REQUIRED' } });
    expect(await call(`${API}/openings`, rh, 'POST', { title: 'UF', workplace: 'remoto', uf: 'XX' })).toMatchObject({ status: 400, body: { error: 'UF inválida.' } });
    expect(await call(`${API}/openings`, rh, 'POST', { title: '   ', workplace: 'remoto' })).toMatchObject({ status: 400, body: { error: 'Informe o título da vaga.' } });
    expect((await call(`${API}/openings`, rh, 'POST', { title: 'X\u0000', workplace: 'remoto' })).status).toBe(400);

    const closed = await call<OpeningView>(`${API}/openings/${o.id}`, rh, 'PATCH', { status: 'fechada' });
    expect(closed.body.status).toBe('fechada');
    expect(closed.body.closedAt).toBeTruthy();
    expect(await call(`${API}/openings/${o.id}/candidates`, rh, 'POST', { name: 'Alguém' })).toMatchObject({ status: 409, body: { code: 'OPENING_CLOSED' } });
    const reopened = await call<OpeningView>(`${API}/openings/${o.id}`, rh, 'PATCH', { status: 'aberta' });
    expect(reopened.body).toMatchObject({ status: 'aberta', closedAt: null });
    const list = await call<{ openings: OpeningView[] }>(`${API}/openings`, rh);
    expect(list.body.openings.map((x) => x.title)).toEqual(expect.arrayContaining(['Analista de RH', 'Dev remoto']));
  });
});

describe('RH: résumé analysis (ai.resume_analysis, 2 coins)', () => {
  it('two résumés analysed as jobs, charged once each, ranked by score; the name read replaces the file name; re-running keeps version 1; moving along the pipeline', async () => {
    fake.setMode('ok');
    fake.setResponder(responder);
    const before = await balance();
    const o = await newOpening(rh);
    const ana = await newCandidate(o.id, 'curriculo-ana.pdf');
    const bruno = await newCandidate(o.id, 'curriculo-bruno.pdf');
    const anaFile = await attach('candidate', ana.id, 'curriculo-ana.pdf', await resumePdf(['Ana Souza', 'Experiência', 'Cinco anos de vendas B2B na Padaria Pão Quente']));
    const brunoFile = await attach('candidate', bruno.id, 'curriculo-bruno.pdf', await resumePdf(['Bruno Lima', 'Atendimento no balcão']));
    expect(anaFile.status, JSON.stringify(anaFile.body)).toBe(201);

    // The statuses Bruno's analysis goes through, read one after another (never two reads at once, so
    // an older answer never lands after a newer one), and once more after both analyses answered.
    const stages: string[] = [];
    const look = async () => {
      const rows = await sql(server, `select status from analyses where subject_id = $1 order by version desc limit 1`, [bruno.id]).catch(() => []);
      const st = rows[0]?.status as string | undefined;
      if (st && stages.at(-1) !== st) stages.push(st);
    };
    let watching = true;
    const watched = (async () => {
      while (watching) {
        await look();
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const [a1, b1] = await Promise.all([
      analyse<ResumeAnalysisView>(`${API}/candidates/${ana.id}/analyses`, anaFile.body.id),
      analyse<ResumeAnalysisView>(`${API}/candidates/${bruno.id}/analyses`, brunoFile.body.id),
    ]);
    watching = false;
    await watched;
    await look();
    expect(a1.started).toMatchObject({ status: 'queued', version: 1, kind: 'resume', fileName: 'curriculo-ana.pdf' });
    expect(a1.run).toMatchObject({ status: 'done', stage: 'Pronto', kind: 'analysis.run' });
    expect(stages.at(-1)).toBe('done');
    expect(stages.every((s) => ['queued', 'extracting', 'analyzing', 'done'].includes(s))).toBe(true);
    expect(a1.analysis).toMatchObject({ status: 'done', charged: 2, result: { score: 88, candidateName: 'Ana Souza', opening: { id: o.id } } });
    expect(a1.analysis.result!.strengths[0]).toMatchObject({ found: true, page: 1 });
    expect(a1.analysis.result!.requirements[0]).toMatchObject({ met: 'sim', found: true });
    expect(a1.analysis.result!.promptId).toBe('resume-analysis.v1');
    expect(b1.analysis).toMatchObject({ status: 'done', charged: 2, result: { score: 41 } });
    expect(b1.analysis.result!.strengths[0]).toMatchObject({ found: true });
    expect(await balance()).toBe(before - 4);

    const ranked = await call<{ candidates: CandidateView[] }>(`${API}/openings/${o.id}/candidates`, rh);
    expect(ranked.body.candidates.map((c) => [c.name, c.score, c.stage, c.analysisStatus])).toEqual([
      ['Ana Souza', 88, 'triagem', 'done'],
      ['Bruno Lima', 41, 'triagem', 'done'],
    ]);

    // Re-running adds version 2 and keeps version 1.
    fake.setResponder((req) => ({ ...responder(req), score: 30 }));
    const a2 = await analyse<ResumeAnalysisView>(`${API}/candidates/${ana.id}/analyses`, anaFile.body.id);
    expect(a2.analysis).toMatchObject({ status: 'done', version: 2 });
    const versions = await call<{ analyses: ResumeAnalysisView[] }>(`${API}/candidates/${ana.id}/analyses`, rh);
    expect(versions.body.analyses.map((a) => [a.version, a.result?.score])).toEqual([
      [2, 30],
      [1, 88],
    ]);
    expect((await call<OpeningView>(`${API}/openings/${o.id}`, rh)).body.candidates).toBe(2);
    expect((await call<{ openings: OpeningView[] }>(`${API}/openings`, rh)).body.openings.find((x) => x.id === o.id)?.candidates).toBe(2);
    const reranked = await call<{ candidates: CandidateView[] }>(`${API}/openings/${o.id}/candidates`, rh);
    expect(reranked.body.candidates.map((c) => c.name)).toEqual(['Bruno Lima', 'Ana Souza']);
    expect(await balance()).toBe(before - 6);

    const moved = await call<CandidateView>(`${API}/candidates/${ana.id}`, rh, 'PATCH', { stage: 'entrevista' });
    expect(moved.body.stage).toBe('entrevista');
    expect((await call(`${API}/candidates/${ana.id}`, rh, 'PATCH', { stage: 'aprovado' })).status).toBe(400);
    // A DOCX résumé is read too.
    const docx = await attach('candidate', bruno.id, 'curriculo.docx', fixture('contrato.docx'));
    const d = await analyse<ResumeAnalysisView>(`${API}/candidates/${bruno.id}/analyses`, docx.body.id);
    expect(d.analysis.result!.source.format).toBe('docx');
  });

  it('bad input: a password-protected or scanned PDF and a blank file are refused before anything is queued; a malformed answer or a timeout fails with no charge', async () => {
    fake.setResponder(responder);
    const o = await newOpening(rh, 'Vaga com arquivos ruins');
    const c = await newCandidate(o.id, 'ruim.pdf');
    const before = await balance();
    const cases: [string, Buffer<ArrayBuffer>, string, string][] = [
      ['protegido.pdf', fixture('protegido.pdf'), MATERIAL_MESSAGES.passwordProtected, 'MATERIAL_PASSWORD'],
      ['digitalizado.pdf', fixture('digitalizado.pdf'), MATERIAL_MESSAGES.scanned, 'MATERIAL_SCANNED'],
      ['espacos.txt', Buffer.from('   \n\n   \n') as Buffer<ArrayBuffer>, MATERIAL_MESSAGES.empty, 'MATERIAL_EMPTY'],
    ];
    for (const [name, bytes, message, code] of cases) {
      const up = await attach('candidate', c.id, name, bytes);
      expect(up.status, `${name}: ${JSON.stringify(up.body)}`).toBe(201);
      const res = await call(`${API}/candidates/${c.id}/analyses`, rh, 'POST', { fileId: up.body.id });
      expect(res, name).toMatchObject({ status: 400, body: { error: message, code } });
    }
    expect(await sql(server, 'select id from analyses where subject_id = $1', [c.id])).toEqual([]);
    // The platform's own refusals: an empty file and a renamed executable never become files.
    expect(await attach('candidate', c.id, 'vazio.pdf', Buffer.alloc(0) as Buffer<ArrayBuffer>)).toMatchObject({ status: 400 });
    expect(await attach('candidate', c.id, 'programa.pdf', fixture('programa.pdf'))).toMatchObject({ status: 415, body: { error: 'Arquivos executáveis não são permitidos.' } });

    const good = await attach('candidate', c.id, 'curriculo.pdf', await resumePdf(['Bruno Lima', 'Atendimento no balcão']));
    fake.setResponder(null);
    fake.setMode('malformed');
    const malformed = await analyse<ResumeAnalysisView>(`${API}/candidates/${c.id}/analyses`, good.body.id);
    expect(malformed.run.status).toBe('failed');
    expect(malformed.analysis).toMatchObject({ status: 'failed', charged: 0, result: null });
    fake.setMode('slow', { slowMs: 4000 });
    const slow = await analyse<ResumeAnalysisView>(`${API}/candidates/${c.id}/analyses`, good.body.id);
    expect(slow.analysis).toMatchObject({ status: 'failed', charged: 0 });
    fake.setMode('ok');
    expect(await balance()).toBe(before);
    expect((await ledgerState(server, companyId)).sum).toBe(await balance());
    const listed = await call<{ candidates: CandidateView[] }>(`${API}/openings/${o.id}/candidates`, rh);
    expect(listed.body.candidates[0]).toMatchObject({ score: null, analysisStatus: 'failed' });
  });

  it('no coins: 409 with the price, nothing created', async () => {
    const poor = await createCompanyWithAdmin(server, 'Sem Moedas RH Ltda');
    const has = (await ledgerState(server, poor.companyId)).balance;
    if (has > 0) await applyCoins(server.services.db, { companyId: poor.companyId, amount: -has, kind: 'adjustment', reason: 'Zerar saldo' });
    const o = await newOpening(poor.admin, 'Sem moedas');
    const c = await newCandidate(o.id, 'cv.pdf', poor.admin);
    const up = await attach('candidate', c.id, 'cv.pdf', await resumePdf(['Ana Souza', 'Cinco anos de vendas B2B na Padaria Pão Quente']), poor.admin);
    const res = await call(`${API}/candidates/${c.id}/analyses`, poor.admin, 'POST', { fileId: up.body.id });
    expect(res).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_COINS', price: 2, balance: 0 } });
    expect(await sql(server, 'select id from analyses where subject_id = $1', [c.id])).toEqual([]);
  });
});

describe('RH: interview analysis (ai.interview_analysis, 4 coins)', () => {
  it('asks the consent (stored with who and when), analyses a VTT transcript keeping its speakers, places the evidence, recommends', async () => {
    fake.setMode('ok');
    fake.setResponder(responder);
    const o = await newOpening(rh, 'Coordenador de vendas');
    const c = await newCandidate(o.id, 'Carlos Lima');
    expect(await call(`${API}/interviews`, rh, 'POST', { candidateId: c.id })).toMatchObject({ status: 400, body: { error: 'Confirme o consentimento da pessoa entrevistada para enviar a entrevista.' } });
    expect(await call(`${API}/interviews`, rh, 'POST', { candidateId: c.id, consent: false })).toMatchObject({ status: 400 });
    const created = await call<InterviewView>(`${API}/interviews`, rh, 'POST', { candidateId: c.id, consent: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ candidateName: 'Carlos Lima', openingId: o.id, openingTitle: 'Coordenador de vendas', consentBy: rh.userId, recommendation: null });
    expect(created.body.consentText).toMatch(/consentiu com a gravação/);
    expect(Date.now() - Date.parse(created.body.consentAt)).toBeLessThan(60_000);

    const before = await balance();
    const up = await attach('interview', created.body.id, 'entrevista.vtt', fixture('entrevista.vtt'));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    let prompt = '';
    fake.setResponder((req) => {
      prompt = req.messages.map((m) => m.content).join('\n');
      return responder(req);
    });
    const { run, analysis } = await analyse<InterviewAnalysisView>(`${API}/interviews/${created.body.id}/analyses`, up.body.id);
    expect(run.status).toBe('done');
    expect(prompt).toContain('Carlos Lima: Bom dia! Trabalhei cinco anos com vendas B2B.');
    expect(prompt).toContain('Liderei uma equipe de quatro pessoas.');
    expect(prompt).toContain('Coordenador de vendas');
    expect(analysis).toMatchObject({ status: 'done', kind: 'interview', charged: 4 });
    const r = analysis.result!;
    expect(r.transcript.speakersInferred).toBe(false);
    expect(r.transcript.segments.map((s) => s.speaker)).toEqual(['Ana Souza', 'Carlos Lima']);
    expect(r.competencies[0]!.evidence[0]).toMatchObject({ found: true, at: 4.5, segmentSpeaker: 'Carlos Lima' });
    expect(r.redFlags[0]).toMatchObject({ found: false, at: null });
    expect(r).toMatchObject({ recommendation: 'avancar', recommendationWhy: 'Atende aos requisitos principais.', promptId: 'interview-analysis.v1' });
    expect(await balance()).toBe(before - 4);
    const list = await call<{ interviews: InterviewView[] }>(`${API}/interviews`, rh);
    expect(list.body.interviews.find((i) => i.id === created.body.id)).toMatchObject({ recommendation: 'avancar', analysisStatus: 'done' });
  });

  it('a recording goes to the platform analysis as it is (today: the platform answers that transcription is not available), no charge', async () => {
    const o = await newOpening(rh, 'Vaga da gravação');
    const c = await newCandidate(o.id, 'Gravada');
    const i = (await call<InterviewView>(`${API}/interviews`, rh, 'POST', { candidateId: c.id, consent: true })).body;
    const up = await attach('interview', i.id, 'entrevista.wav', wavBytes());
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const before = await balance();
    const { analysis } = await analyse<InterviewAnalysisView>(`${API}/interviews/${i.id}/analyses`, up.body.id);
    // When transcription lands in platform/analysis, this run transcribes instead.
    expect(analysis.status === 'done' || analysis.error === MATERIAL_MESSAGES.audioNotYet).toBe(true);
    if (analysis.status !== 'done') expect(await balance()).toBe(before);
  });
});

describe('RH: LGPD deletion and retention', () => {
  it('deleting a candidate erases its files (bytes included), analyses and interviews; audited without the name', async () => {
    fake.setMode('ok');
    fake.setResponder(responder);
    const o = await newOpening(rh, 'Vaga a apagar');
    const c = await newCandidate(o.id, 'Pessoa Apagada');
    const up = await attach('candidate', c.id, 'cv.pdf', await resumePdf(['Ana Souza', 'Cinco anos de vendas B2B']));
    await analyse<ResumeAnalysisView>(`${API}/candidates/${c.id}/analyses`, up.body.id);
    const i = (await call<InterviewView>(`${API}/interviews`, rh, 'POST', { candidateId: c.id, consent: true })).body;
    const t = await attach('interview', i.id, 'entrevista.vtt', fixture('entrevista.vtt'));
    const [file] = await sql(server, 'select storage_key from files where id = $1', [up.body.id]);
    const { storageFromConfig } = await import('../../src/platform/files/storage.ts');
    expect(await storageFromConfig(server.services.cfg).get(file!.storage_key)).toBeTruthy();

    expect((await call(`${API}/candidates/${c.id}`, vendas, 'DELETE')).status).toBe(403);
    expect((await call(`${API}/candidates/${c.id}`, rh, 'DELETE')).status).toBe(200);
    expect((await call(`${API}/candidates/${c.id}`, rh)).status).toBe(404);
    expect((await call(`${API}/interviews/${i.id}`, rh)).status).toBe(404);
    expect((await call(`/api/files/${up.body.id}/content`, rh)).status).toBe(404);
    expect((await call(`/api/files/${t.body.id}`, rh)).status).toBe(404);
    expect(await sql(server, 'select id from analyses where subject_id = any($1)', [[c.id, i.id]])).toEqual([]);
    expect(await sql(server, 'select id from files where entity_id = any($1)', [[c.id, i.id]])).toEqual([]);
    expect(await storageFromConfig(server.services.cfg).get(file!.storage_key)).toBeFalsy();
    const audit = await sql(server, `select details from activity_log where company_id = $1 and action = 'candidate_deleted' and details->>'id' = $2`, [companyId, c.id]);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain('Pessoa Apagada');
  });

  it('the retention purge erases candidates of openings closed longer ago than the company keeps them (default 6 months)', async () => {
    expect((await call(`${API}/settings`, rh)).body).toEqual({ retentionMonths: 6 });
    expect((await call(`${API}/settings`, rh, 'PUT', { retentionMonths: 0 })).status).toBe(400);
    const old = await newOpening(rh, 'Fechada há 7 meses');
    const recent = await newOpening(rh, 'Fechada há 1 mês');
    const open = await newOpening(rh, 'Ainda aberta');
    const a = await newCandidate(old.id, 'Antigo');
    const up = await attach('candidate', a.id, 'cv.pdf', await resumePdf(['Antigo candidato', 'Experiência em atendimento ao cliente']));
    const b = await newCandidate(recent.id, 'Recente');
    const d = await newCandidate(open.id, 'Aberto');
    await call(`${API}/openings/${old.id}`, rh, 'PATCH', { status: 'fechada' });
    await call(`${API}/openings/${recent.id}`, rh, 'PATCH', { status: 'fechada' });
    await sql(server, `update job_openings set closed_at = now() - interval '7 months' where id = $1`, [old.id]);
    await sql(server, `update job_openings set closed_at = now() - interval '1 month' where id = $1`, [recent.id]);
    await sql(server, `update job_openings set created_at = now() - interval '2 years' where id = $1`, [open.id]);

    // A company that keeps 12 months keeps them; back to 6, they go.
    expect((await call(`${API}/settings`, rh, 'PUT', { retentionMonths: 12 })).body).toEqual({ retentionMonths: 12 });
    await purgeExpiredCandidates(server.services);
    expect((await call(`${API}/candidates/${a.id}`, rh)).status).toBe(200);
    await call(`${API}/settings`, rh, 'PUT', { retentionMonths: 6 });
    await purgeExpiredCandidates(server.services);
    expect((await call(`${API}/candidates/${a.id}`, rh)).status).toBe(404);
    expect(await sql(server, 'select id from files where id = $1', [up.body.id])).toEqual([]);
    expect((await call(`${API}/candidates/${b.id}`, rh)).status).toBe(200);
    expect((await call(`${API}/candidates/${d.id}`, rh)).status).toBe(200);
    expect((await call(`${API}/openings/${old.id}`, rh)).status).toBe(200); // the opening itself stays
  });
});

describe('RH: no AI configured', () => {
  it('409 AI_NOT_CONFIGURED, nothing created', async () => {
    const bare = await startTestServer({ AI_BASE_URL: '', AI_API_KEY: '' });
    try {
      const a = await createCompanyWithAdmin(bare, 'Sem IA RH Ltda');
      const req = async (path: string, json?: unknown, method = 'POST') => {
        const res = await bare.request(path, { method, json, jar: a.admin.jar });
        return { status: res.status, body: (await res.json()) as { id: string; code?: string } };
      };
      const o = await req(`${API}/openings`, { title: 'Sem IA', workplace: 'remoto' });
      const c = await req(`${API}/openings/${o.body.id}/candidates`, { name: 'Ana' });
      const up = await upload(bare, a.admin.jar, `entityType=candidate&entityId=${c.body.id}&kind=document`, await resumePdf(['Ana Souza', 'Cinco anos de vendas B2B na Padaria Pão Quente']), 'cv.pdf');
      const start = await req(`${API}/candidates/${c.body.id}/analyses`, { fileId: up.body.id });
      expect(start).toMatchObject({ status: 409, body: { code: 'AI_NOT_CONFIGURED' } });
      expect((await bare.services.pool.query('select id from analyses where subject_id = $1', [c.body.id])).rows).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});

describe('RH: isolation', () => {
  it('another company gets 404 for every opening, candidate, interview, analysis and file id (downloads included); without rh 403', async () => {
    fake.setMode('ok');
    fake.setResponder(responder);
    const o = await newOpening(rh, 'Vaga secreta');
    const c = await newCandidate(o.id, 'Candidata Secreta');
    await call(`${API}/candidates/${c.id}`, rh, 'PATCH', { name: 'Candidata Secreta' });
    const cv = await attach('candidate', c.id, 'cv.pdf', await resumePdf(['Candidata Secreta', 'Cinco anos de vendas B2B']));
    const resume = await analyse<ResumeAnalysisView>(`${API}/candidates/${c.id}/analyses`, cv.body.id);
    const i = (await call<InterviewView>(`${API}/interviews`, rh, 'POST', { candidateId: c.id, consent: true })).body;
    const t = await attach('interview', i.id, 'entrevista.vtt', fixture('entrevista.vtt'));
    const interview = await analyse<InterviewAnalysisView>(`${API}/interviews/${i.id}/analyses`, t.body.id);
    await expectTenantIsolation(server, { owner: { jar: rh.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Vaga secreta', 'Candidata Secreta'] }, [
      { method: 'GET', path: `${API}/openings/${o.id}` },
      { method: 'PATCH', path: `${API}/openings/${o.id}`, body: { department: 'Vendas' } },
      { method: 'GET', path: `${API}/openings/${o.id}/candidates` },
      { method: 'POST', path: `${API}/openings/${o.id}/candidates`, body: { name: 'Outro' }, ownerStatus: 201 },
      { method: 'GET', path: `${API}/candidates/${c.id}` },
      { method: 'PATCH', path: `${API}/candidates/${c.id}`, body: { stage: 'proposta' } },
      { method: 'GET', path: `${API}/candidates/${c.id}/analyses` },
      { method: 'GET', path: `${API}/interviews/${i.id}` },
      { method: 'GET', path: `${API}/interviews/${i.id}/analyses` },
      { method: 'POST', path: `${API}/interviews`, body: { candidateId: c.id, consent: true }, ownerStatus: 201 },
      { method: 'GET', path: `${API}/analyses/${resume.analysis.id}` },
      { method: 'GET', path: `${API}/analyses/${interview.analysis.id}` },
      { method: 'GET', path: `/api/files/${cv.body.id}` },
      { method: 'GET', path: `/api/files/${cv.body.id}/content` },
      { method: 'GET', path: `/api/files/${t.body.id}/content` },
      { method: 'GET', path: `/api/files?entityType=candidate&entityId=${c.id}` },
      { method: 'GET', path: `/api/files?entityType=interview&entityId=${i.id}` },
    ]);
    // Lists are the company's own; without rh 403 on the area's API.
    expect((await call<{ openings: OpeningView[] }>(`${API}/openings`, outsider)).body.openings).toEqual([]);
    expect((await call<{ interviews: InterviewView[] }>(`${API}/interviews`, outsider)).body.interviews).toEqual([]);
    for (const path of [`${API}/openings`, `${API}/interviews`, `${API}/settings`]) expect((await call(path, vendas)).status, path).toBe(403);
    expect((await call(`${API}/openings`, vendas, 'POST', { title: 'X', workplace: 'remoto' })).status).toBe(403);
    // Starting an analysis (charges): rh.ai; the outsider 404, without rh 403.
    for (const [path, fileId] of [
      [`${API}/candidates/${c.id}/analyses`, cv.body.id],
      [`${API}/interviews/${i.id}/analyses`, t.body.id],
    ] as const) {
      expect((await call(path, outsider, 'POST', { fileId })).status).toBe(404);
      expect((await call(path, vendas, 'POST', { fileId })).status).toBe(403);
    }
    // Deletes: outsider 404, without rh 403, the owner erases.
    expect((await call(`${API}/interviews/${i.id}`, outsider, 'DELETE')).status).toBe(404);
    expect((await call(`${API}/interviews/${i.id}`, vendas, 'DELETE')).status).toBe(403);
    expect((await call(`${API}/interviews/${i.id}`, rh, 'DELETE')).status).toBe(200);
    expect((await call(`${API}/openings/${o.id}`, outsider, 'DELETE')).status).toBe(404);
    expect((await call(`${API}/openings/${o.id}`, vendas, 'DELETE')).status).toBe(403);
    expect((await call(`${API}/openings/${o.id}`, rh, 'DELETE')).status).toBe(200);
    expect((await call(`${API}/candidates/${c.id}`, rh)).status).toBe(404);
    expect(await sql(server, 'select id from files where entity_id = $1', [c.id])).toEqual([]);
    expect(admin.userId).toBeTruthy();
  });
});
