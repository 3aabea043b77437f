import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from '@sede/shared/analysis/schemas';
import type { ContractComparisonView } from '@sede/shared/legal/diff';
import type { ContractAnalysisView, ContractView } from '@sede/shared/legal/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import type { JobRunView } from '@sede/shared/platform/jobs';
import { sendContractExpiryAlerts } from '../../src/modules/legal/alerts.ts';
import { runAnalysisJob } from '../../src/platform/analysis/run.ts';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { runPaidAction } from '../../src/platform/paid-actions/index.ts';
import { ledgerState } from '../billing/support.ts';
import { upload } from '../files/support.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { eventually } from '../support/eventually.ts';
import { CONTRACT_V1, CONTRACT_V2, contractDocx, contractPdf } from './contract-versions.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/analysis/${name}`, import.meta.url)) as Buffer<ArrayBuffer>;
const CNPJ = '11222333000181';

let server: TestServer;
let fake: FakeOpenAi;
let companyId: string;
let admin: Person;
let juridico: Person;
let vendas: Person;
let outsider: Person;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(path, { method, json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}

const answer = (quote = 'Fica eleito o foro da comarca de Manaus') => ({
  summary: 'Contrato de limpeza diária com multa alta e foro distante.',
  parties: [
    { name: 'Padaria Pão Quente Ltda', role: 'Contratante', document: '11.222.333/0001-81' },
    { name: 'Limpeza Brilho Ltda', role: 'Contratada', document: '123' },
  ],
  obligations: [{ party: 'Contratada', items: ['Limpar a loja diariamente'] }],
  keyDates: [{ label: 'Início', date: '2026-01-01', quote: 'Vigência de 01/01/2026' }],
  amounts: [{ label: 'Valor mensal', amountCents: 250000, quote: 'R$ 2.500,00' }],
  fields: { object: 'Limpeza diária da loja', valueCents: 3000000, startDate: '2026-01-01', endDate: '2026-12-31', automaticRenewal: true, noticePeriodDays: 30, readjustmentIndex: 'igpm' },
  riskyClauses: [
    { topic: 'foro', severity: 'media', title: 'Foro distante', why: 'A empresa fica em São Paulo.', quote, location: 'Cláusula 9ª' },
    { topic: 'multa', severity: 'alta', title: 'Multa de 50%', why: 'Multa desproporcional.', quote: 'pagará multa de 50% do valor', location: 'Cláusula 5ª' },
  ],
  missingClauses: [{ topic: 'LGPD e dados pessoais', why: 'A contratada acessa dados de clientes.' }],
  suggestions: [{ clause: 'Cláusula 9ª', wording: 'Fica eleito o foro da comarca de São Paulo/SP.' }],
});

async function newContract(who: Person, title = 'Limpeza da loja'): Promise<ContractView> {
  const res = await call<ContractView>('/api/juridico/contracts', who, 'POST', { title, counterparty: { type: 'organization', cnpj: '11.222.333/0001-81' }, readjustmentIndex: 'ipca' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function attach(who: Person, contractId: string, name: string, bytes: Buffer = fixture(name)) {
  return upload(server, who.jar, `entityType=contract&entityId=${contractId}&kind=document`, bytes, name);
}
async function runAnalysis(contractId: string, fileId: string, who = juridico) {
  const res = await call<ContractAnalysisView>(`/api/juridico/contracts/${contractId}/analyses`, who, 'POST', { fileId });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const run = await eventually(
    async () => (await call<JobRunView>(`/api/jobs/${res.body.jobRunId}`, who)).body,
    (r) => r.status === 'done' || r.status === 'failed',
  );
  const analysis = (await call<ContractAnalysisView>(`/api/juridico/analyses/${res.body.id}`, who)).body;
  return { started: res.body, run, analysis };
}
const balance = async () => (await ledgerState(server, companyId)).balance;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
  const a = await createCompanyWithAdmin(server, 'Jurídico Teste Ltda');
  companyId = a.companyId;
  admin = a.admin;
  juridico = await memberOf(server, companyId, 'juridico');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
  await sql(server, `insert into organizations (company_id, razao_social, cnpj) values ($1, 'Limpeza Brilho Ltda', $2)`, [companyId, CNPJ]);
  await applyCoins(server.services.db, { companyId, amount: 100, kind: 'adjustment', reason: 'Saldo de teste' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('Jurídico: the contract register', () => {
  it('creates with the organization found by CNPJ, lists with filters, updates, refuses bad input', async () => {
    const c = await newContract(juridico, 'Locação da loja');
    expect(c.counterparty).toMatchObject({ type: 'organization', name: 'Limpeza Brilho Ltda', document: CNPJ });
    expect(c).toMatchObject({ status: 'negotiation', readjustmentIndex: 'ipca', automaticRenewal: false, valueCents: null });
    const bad = await call('/api/juridico/contracts', juridico, 'POST', { title: 'X', counterparty: { type: 'organization', cnpj: '11.222.333/0001-82' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'CNPJ inválido: confira os dígitos.' } });
    const dates = await call('/api/juridico/contracts', juridico, 'POST', { title: 'X', startDate: '2026-05-01', endDate: '2026-01-01' });
    expect(dates).toMatchObject({ status: 400, body: { error: 'O término não pode ser antes do início.' } });
    const cents = await call('/api/juridico/contracts', juridico, 'POST', { title: 'X', valueCents: 10.5 });
    expect(cents.status).toBe(400);

    const end = addDays(todayInBrazil(), 20);
    const up = await call<ContractView>(`/api/juridico/contracts/${c.id}`, juridico, 'PATCH', { status: 'active', endDate: end, valueCents: 123456 });
    expect(up.body).toMatchObject({ status: 'active', endDate: end, valueCents: 123456 });
    const active = await call<{ contracts: ContractView[] }>('/api/juridico/contracts?status=active', juridico);
    expect(active.body.contracts.map((x) => x.id)).toEqual([c.id]);
    const ending = await call<{ contracts: ContractView[] }>('/api/juridico/contracts?endingWithinDays=30', juridico);
    expect(ending.body.contracts.map((x) => x.id)).toEqual([c.id]);
    const search = await call<{ contracts: ContractView[] }>('/api/juridico/contracts?q=locação', juridico);
    expect(search.body.contracts.map((x) => x.id)).toEqual([c.id]);
    const none = await call<{ contracts: ContractView[] }>('/api/juridico/contracts?q=inexistente', juridico);
    expect(none.body.contracts).toEqual([]);
  });

  it('expiry alerts 30, 15 and 7 days before the end, once each, to whoever reads Jurídico', async () => {
    const today = todayInBrazil();
    const c = await newContract(juridico, 'Alerta de vencimento');
    await call(`/api/juridico/contracts/${c.id}`, juridico, 'PATCH', { status: 'active', endDate: addDays(today, 25) });
    const titles = async () =>
      (await sql(server, `select user_id, title from notifications where company_id = $1 and title like '%Alerta de vencimento%' order by created_at`, [companyId])).map((r) => `${r.user_id === juridico.userId ? 'juridico' : r.user_id === admin.userId ? 'admin' : 'other'}:${r.title}`);
    await sendContractExpiryAlerts(server.services, today);
    await sendContractExpiryAlerts(server.services, today); // a re-run notifies nobody twice
    expect((await titles()).sort()).toEqual(['admin:O contrato "Alerta de vencimento" termina em 25 dias (' + fmt(addDays(today, 25)) + ')', 'juridico:O contrato "Alerta de vencimento" termina em 25 dias (' + fmt(addDays(today, 25)) + ')'].sort());
    await sendContractExpiryAlerts(server.services, addDays(today, 12)); // 13 days left: the 15-day alert
    await sendContractExpiryAlerts(server.services, addDays(today, 19)); // 6 days left: the 7-day alert
    await sendContractExpiryAlerts(server.services, addDays(today, 20));
    const all = await titles();
    expect(all.filter((t) => t.startsWith('juridico:')).map((t) => t.replace(/ \(.*\)$/, ''))).toEqual([
      'juridico:O contrato "Alerta de vencimento" termina em 25 dias',
      'juridico:O contrato "Alerta de vencimento" termina em 13 dias',
      'juridico:O contrato "Alerta de vencimento" termina em 6 dias',
    ]);
    expect(all.some((t) => t.startsWith('other:'))).toBe(false); // vendas does not read Jurídico
  });
});

const fmt = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('Jurídico: the contract analysis (ai.contract_analysis, 5 coins)', () => {
  let contract: ContractView;
  let pdfId: string;
  beforeAll(async () => {
    contract = await newContract(juridico);
    const up = await attach(juridico, contract.id, 'contrato.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    pdfId = up.body.id;
  });

  it('runs as a job through its stages, charges once, stores a structured result with quotes placed; re-running keeps version 1', async () => {
    fake.setMode('ok');
    let prompt = '';
    fake.setResponder((req) => {
      prompt = JSON.stringify(req.messages);
      return answer();
    });
    const before = await balance();
    const stages: string[] = [];
    const watch = setInterval(async () => {
      const rows = await sql(server, `select a.status from analyses a where a.subject_id = $1 order by version desc limit 1`, [contract.id]).catch(() => []);
      const s = rows[0]?.status as string | undefined;
      if (s && stages.at(-1) !== s) stages.push(s);
    }, 20);
    const { started, run, analysis } = await runAnalysis(contract.id, pdfId);
    clearInterval(watch);
    expect(started).toMatchObject({ status: 'queued', version: 1, fileName: 'contrato.pdf' });
    expect(run).toMatchObject({ status: 'done', stage: 'Pronto', kind: 'analysis.run' });
    expect(prompt).toContain('foro da comarca de Manaus'); // the PDF's text reached the model
    expect(prompt).toContain('Limpeza da loja');
    expect(stages.at(-1)).toBe('done');
    expect(stages.every((s) => ['queued', 'extracting', 'analyzing', 'done'].includes(s))).toBe(true);
    expect(analysis).toMatchObject({ status: 'done', version: 1, charged: 5, error: null });
    const r = analysis.result!;
    expect(r.riskyClauses[0]).toMatchObject({ topic: 'foro', severity: 'media', page: 2, found: true });
    expect(r.riskyClauses[1]).toMatchObject({ topic: 'multa', page: 1, found: true });
    expect(r.parties.map((p) => p.document)).toEqual([CNPJ, null]); // a document that does not check is dropped
    expect(r.source).toEqual({ format: 'pdf', pages: 2, characters: expect.any(Number) });
    expect(r.promptId).toBe('contract-analysis.v1');
    expect(await balance()).toBe(before - 5);
    const paid = await sql(server, `select status, coins from paid_actions where company_id = $1 and reference = $2`, [companyId, `analysis:${analysis.id}`]);
    expect(paid).toEqual([{ status: 'committed', coins: 5 }]);

    fake.setResponder(() => answer('uma citação que não está no contrato'));
    const second = await runAnalysis(contract.id, pdfId);
    expect(second.analysis).toMatchObject({ status: 'done', version: 2 });
    expect(second.analysis.result!.riskyClauses[0]).toMatchObject({ found: false, page: null });
    const list = await call<{ analyses: ContractAnalysisView[] }>(`/api/juridico/contracts/${contract.id}/analyses`, juridico);
    expect(list.body.analyses.map((a) => [a.version, a.status])).toEqual([
      [2, 'done'],
      [1, 'done'],
    ]);
    expect(await balance()).toBe(before - 10);

    // The person confirms the fields found: they fill the register.
    const applied = await call<ContractView>(`/api/juridico/analyses/${analysis.id}/apply`, juridico, 'POST', { fields: ['valueCents', 'startDate', 'endDate', 'automaticRenewal', 'readjustmentIndex'] });
    expect(applied.body).toMatchObject({ valueCents: 3000000, startDate: '2026-01-01', endDate: '2026-12-31', automaticRenewal: true, readjustmentIndex: 'igpm', object: null });
  });

  it('a DOCX and a TXT are read too', async () => {
    fake.setResponder(() => answer());
    for (const name of ['contrato.docx', 'contrato.txt']) {
      const up = await attach(juridico, contract.id, name);
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      const { analysis } = await runAnalysis(contract.id, up.body.id);
      expect(analysis.status).toBe('done');
      expect(analysis.result!.source.format).toBe(name.endsWith('docx') ? 'docx' : 'txt');
    }
  });

  it('no charge on failure: a malformed answer, a timeout, a scanned PDF, a password, a text-less file', async () => {
    const before = await balance();
    fake.setResponder(null);
    fake.setMode('malformed');
    const malformed = await runAnalysis(contract.id, pdfId);
    expect(malformed.run.status).toBe('failed');
    expect(malformed.analysis).toMatchObject({ status: 'failed', charged: 0, result: null });
    expect(malformed.analysis.error).toMatch(/IA/);

    fake.setMode('slow', { slowMs: 4000 });
    const slow = await runAnalysis(contract.id, pdfId);
    expect(slow.analysis).toMatchObject({ status: 'failed', charged: 0 });
    expect(slow.analysis.error).toBeTruthy();
    fake.setMode('ok');

    const cases: [string, Buffer, string][] = [
      ['digitalizado.pdf', fixture('digitalizado.pdf'), MATERIAL_MESSAGES.scanned],
      ['protegido.pdf', fixture('protegido.pdf'), MATERIAL_MESSAGES.passwordProtected],
      ['espacos.txt', Buffer.from('   \n\n   \n'), MATERIAL_MESSAGES.empty],
    ];
    for (const [name, bytes, message] of cases) {
      const up = await attach(juridico, contract.id, name, bytes);
      expect(up.status, `${name}: ${JSON.stringify(up.body)}`).toBe(201);
      const { run, analysis } = await runAnalysis(contract.id, up.body.id);
      expect(run).toMatchObject({ status: 'failed', error: message });
      expect(analysis).toMatchObject({ status: 'failed', error: message, charged: 0, result: null });
    }
    expect(await balance()).toBe(before);
    const refunded = await sql(server, `select count(*)::int as n from paid_actions where company_id = $1 and status = 'reserved'`, [companyId]);
    expect(refunded[0]!.n).toBe(0);
    expect((await ledgerState(server, companyId)).sum).toBe(await balance());
  });

  it('an empty file and a renamed executable never reach the analysis', async () => {
    const empty = await attach(juridico, contract.id, 'vazio.pdf', Buffer.alloc(0));
    expect(empty).toMatchObject({ status: 400, body: { error: 'O arquivo está vazio (0 bytes). Escolha outro arquivo.' } });
    const exe = await attach(juridico, contract.id, 'programa.pdf');
    expect(exe).toMatchObject({ status: 415, body: { error: 'Arquivos executáveis não são permitidos.' } });
    const other = await newContract(juridico, 'Outro contrato');
    // A file of another contract is not this contract's.
    const res = await call(`/api/juridico/contracts/${other.id}/analyses`, juridico, 'POST', { fileId: pdfId });
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('no coins: 409 with the price, nothing created', async () => {
    const poor = await createCompanyWithAdmin(server, 'Sem Moedas Ltda');
    const has = (await ledgerState(server, poor.companyId)).balance;
    if (has > 0) await applyCoins(server.services.db, { companyId: poor.companyId, amount: -has, kind: 'adjustment', reason: 'Zerar saldo' });
    const c = (await call<ContractView>('/api/juridico/contracts', poor.admin, 'POST', { title: 'Sem moedas' })).body;
    const up = await attach(poor.admin, c.id, 'contrato.pdf');
    const res = await call(`/api/juridico/contracts/${c.id}/analyses`, poor.admin, 'POST', { fileId: up.body.id });
    expect(res).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_COINS', price: 5, balance: 0 } });
    expect(await sql(server, 'select id from analyses where subject_id = $1', [c.id])).toEqual([]);
  });

  it('a restart mid-job never charges twice: a resumed run refunds the reservation left behind and fails cleanly; without one it runs once', async () => {
    fake.setMode('ok');
    fake.setResponder(() => answer());
    const tenant = { db: server.services.db, companyId, actorId: juridico.userId };
    const row = async (version: number) =>
      (
        await sql(server, `insert into analyses (company_id, kind, subject_type, subject_id, file_id, status, version, created_by) values ($1, 'contract', 'contract', $2, $3, 'analyzing', $4, $5) returning id`, [
          companyId,
          contract.id,
          pdfId,
          version,
          juridico.userId,
        ])
      )[0]!.id as string;
    const before = await balance();
    // The attempt that died: it had reserved the price and was waiting for the model.
    const crashed = await row(101);
    void runPaidAction(server.services, tenant, { action: 'ai.contract_analysis', reference: `analysis:${crashed}` }, () => new Promise(() => {}));
    await eventually(() => sql(server, 'select status from paid_actions where reference = $1', [`analysis:${crashed}`]), (r) => r.length === 1);
    expect(await balance()).toBe(before - 5);
    await expect(runAnalysisJob(server.services, { input: { analysisId: crashed, ownKey: false }, tenant, resumed: true, progress: () => {} })).rejects.toThrow(MATERIAL_MESSAGES.interrupted);
    expect(await balance()).toBe(before);
    expect(await sql(server, 'select status from paid_actions where reference = $1', [`analysis:${crashed}`])).toEqual([{ status: 'refunded' }]);
    expect(await sql(server, 'select status, error, charged from analyses where id = $1', [crashed])).toEqual([{ status: 'failed', error: MATERIAL_MESSAGES.interrupted, charged: 0 }]);

    // The attempt died before charging: the resumed one runs and charges once.
    const early = await row(102);
    await expect(runAnalysisJob(server.services, { input: { analysisId: early, ownKey: false }, tenant, resumed: true, progress: () => {} })).resolves.toEqual({ analysisId: early, charged: 5 });
    expect(await balance()).toBe(before - 5);
    // A run with the person's own key cannot resume (the key is never stored): it fails, no coins.
    const own = await row(103);
    await expect(runAnalysisJob(server.services, { input: { analysisId: own, ownKey: true }, tenant, resumed: true, progress: () => {} })).rejects.toThrow(MATERIAL_MESSAGES.ownKeyLost);
    expect(await balance()).toBe(before - 5);
  });
});

describe('Jurídico: no AI configured', () => {
  it('409 AI_NOT_CONFIGURED, nothing created', async () => {
    const bare = await startTestServer({ AI_BASE_URL: '', AI_API_KEY: '' });
    try {
      const a = await createCompanyWithAdmin(bare, 'Sem IA Ltda');
      const res = await bare.request('/api/juridico/contracts', { method: 'POST', json: { title: 'Sem IA' }, jar: a.admin.jar });
      const c = (await res.json()) as ContractView;
      const up = await upload(bare, a.admin.jar, `entityType=contract&entityId=${c.id}&kind=document`, fixture('contrato.pdf'), 'contrato.pdf');
      const start = await bare.request(`/api/juridico/contracts/${c.id}/analyses`, { method: 'POST', json: { fileId: up.body.id }, jar: a.admin.jar });
      expect(start.status).toBe(409);
      expect(await start.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED' });
      expect((await bare.services.pool.query('select id from analyses where subject_id = $1', [c.id])).rows).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});

describe('Jurídico: isolation', () => {
  it('another company 404 on every contract, analysis and file id (downloads included); without juridico 403', async () => {
    fake.setMode('ok');
    fake.setResponder(() => answer());
    const c = await newContract(juridico, 'Contrato secreto');
    const up = await attach(juridico, c.id, 'contrato.pdf');
    const up2 = await attach(juridico, c.id, 'contrato.txt');
    const { analysis } = await runAnalysis(c.id, up.body.id);
    const fileId = up.body.id as string;
    await expectTenantIsolation(server, { owner: { jar: juridico.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Contrato secreto', 'Limpeza Brilho'] }, [
      { method: 'GET', path: `/api/juridico/contracts/${c.id}` },
      { method: 'PATCH', path: `/api/juridico/contracts/${c.id}`, body: { status: 'active' } },
      { method: 'GET', path: `/api/juridico/contracts/${c.id}/analyses` },
      { method: 'GET', path: `/api/juridico/analyses/${analysis.id}` },
      { method: 'POST', path: `/api/juridico/analyses/${analysis.id}/apply`, body: { fields: ['valueCents'] } },
      { method: 'GET', path: `/api/juridico/contracts/${c.id}/compare?a=${fileId}&b=${up2.body.id}` },
      { method: 'GET', path: `/api/files/${fileId}` },
      { method: 'GET', path: `/api/files/${fileId}/content` },
      { method: 'GET', path: `/api/files?entityType=contract&entityId=${c.id}` },
    ]);
    // The list is the company's own: another company sees none of it; without juridico 403.
    expect((await call<{ contracts: ContractView[] }>('/api/juridico/contracts', outsider)).body.contracts).toEqual([]);
    expect((await call('/api/juridico/contracts', vendas)).status).toBe(403);
    // Starting an analysis: juridico.ai; the outsider 404 (checked last: it charges).
    expect((await call(`/api/juridico/contracts/${c.id}/analyses`, outsider, 'POST', { fileId })).status).toBe(404);
    expect((await call(`/api/juridico/contracts/${c.id}/analyses`, vendas, 'POST', { fileId })).status).toBe(403);
    expect((await call(`/api/juridico/contracts/${c.id}`, outsider, 'DELETE')).status).toBe(404);
    expect((await call(`/api/juridico/contracts/${c.id}`, vendas, 'DELETE')).status).toBe(403);
    expect((await call(`/api/juridico/contracts/${c.id}`, juridico, 'DELETE')).status).toBe(200);
    expect((await call(`/api/juridico/contracts/${c.id}`, juridico)).status).toBe(404);
  });

  it('compares two versions word by word: a TXT clause changed, the rest unmarked', async () => {
    const c = await newContract(juridico, 'Versões');
    const v1 = await attach(juridico, c.id, 'v1.txt', Buffer.from('Cláusula 1: objeto\nCláusula 2: multa de 10%\nCláusula 3: foro de Manaus\n'));
    const v2 = await attach(juridico, c.id, 'v2.txt', Buffer.from('Cláusula 1: objeto\nCláusula 2: multa de 2%\nCláusula 3: foro de Manaus\nCláusula 4: LGPD\n'));
    const res = await call<ContractComparisonView>(`/api/juridico/contracts/${c.id}/compare?a=${v1.body.id}&b=${v2.body.id}`, juridico);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ a: { name: 'v1.txt' }, b: { name: 'v2.txt' }, added: 4, removed: 1, tooDifferent: false });
    expect(res.body.changes.filter((d) => d.op !== 'same').map((d) => [d.op, d.text.trim()])).toEqual([
      ['removed', '10'],
      ['added', '2'],
      ['added', 'Cláusula 4: LGPD'],
    ]);
  });

  it("a contract's PDF against its DOCX: the same text wrapped and hyphenated differently is unchanged; a negotiated DOCX marks only the changed words", async () => {
    const c = await newContract(juridico, 'Limpeza · PDF e DOCX');
    const pdf = await contractPdf(CONTRACT_V1, 250);
    // The layout really cuts words at the line end, hyphenated words at their own hyphen included.
    expect(pdf.lines.filter((l) => /\p{L}-$/u.test(l)).length).toBeGreaterThan(5);
    expect(pdf.lines.some((l) => l.endsWith(' obriga-'))).toBe(true);
    const signed = await attach(juridico, c.id, 'contrato-assinado.pdf', pdf.bytes);
    const sameDocx = await attach(juridico, c.id, 'contrato.docx', await contractDocx(CONTRACT_V1));
    const negotiated = await attach(juridico, c.id, 'contrato-negociado.docx', await contractDocx(CONTRACT_V2));
    const narrower = await attach(juridico, c.id, 'contrato-estreito.pdf', (await contractPdf(CONTRACT_V1, 330)).bytes);
    const compare = (a: string, b: string) => call<ContractComparisonView>(`/api/juridico/contracts/${c.id}/compare?a=${a}&b=${b}`, juridico);

    for (const other of [sameDocx, narrower]) {
      const same = await compare(signed.body.id, other.body.id);
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body.changes.filter((d) => d.op !== 'same')).toEqual([]);
      expect(same.body).toMatchObject({ added: 0, removed: 0, tooDifferent: false });
    }

    const res = await compare(signed.body.id, negotiated.body.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changes.filter((d) => d.op !== 'same').map((d) => [d.op, d.text.trim()])).toEqual([
      ['removed', '30'],
      ['added', '60'],
      ['removed', 'trinta'],
      ['added', 'sessenta'],
      ['removed', '10'],
      ['added', '2'],
      ['removed', 'dez'],
      ['added', 'dois'],
      ['added', 'inclusive os de eventuais subcontratados,'],
      ['removed', 'Manaus'],
      ['added', 'São Paulo'],
      ['removed', 'AM'],
      ['added', 'SP'],
    ]);
    expect(res.body).toMatchObject({ added: 12, removed: 6, tooDifferent: false });
    // Shown in the newer version's paragraphs: the title, the preamble, ten clauses.
    const newer = res.body.changes.filter((d) => d.op !== 'removed').map((d) => d.text).join('');
    expect(newer.split('\n\n')).toHaveLength(CONTRACT_V2.length + 1);
    expect(newer).toContain('A CONTRATADA obriga-se a prestar serviços de limpeza e conservação diária');
  });

  it('two unrelated documents are said to be too different to compare word by word', async () => {
    const c = await newContract(juridico, 'Documentos diferentes');
    const pdf = await attach(juridico, c.id, 'contrato.pdf', (await contractPdf(CONTRACT_V1)).bytes);
    const other = await attach(juridico, c.id, 'ata.txt', Buffer.from('Ata da reunião de condomínio: aprovada a pintura da fachada e a troca do portão da garagem.'));
    const res = await call<ContractComparisonView>(`/api/juridico/contracts/${c.id}/compare?a=${pdf.body.id}&b=${other.body.id}`, juridico);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tooDifferent).toBe(true);
    expect(res.body.changes.map((d) => d.op)).toEqual(['removed', 'added']);
  });
});
