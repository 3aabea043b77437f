import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@sede/shared/documents/schemas';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { ledgerState } from '../billing/support.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

let server: TestServer;
let fake: FakeOpenAi;
let companyId: string;
let member: Person;

const DRAFT = {
  title: 'Política de home office',
  sections: [
    { heading: 'Finalidade', paragraphs: ['Organizar o trabalho remoto da equipe.'], bullets: [] },
    { heading: 'Regras', paragraphs: [], bullets: ['Até 2 dias por semana', 'Reuniões às segundas presenciais'] },
  ],
};
const request = (over: Record<string, unknown> = {}) => ({ id: crypto.randomUUID(), requestId: crypto.randomUUID(), brief: 'Política de trabalho remoto para 12 pessoas, 2 dias por semana.', template: 'politica', ...over });
const post = (who: Person, body: unknown) => server.request('/api/documents/draft', { method: 'POST', json: body, jar: who.jar });
const balance = async () => (await ledgerState(server, companyId)).balance;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
  ({ companyId } = await createCompanyWithAdmin(server, 'Rascunhos Ltda'));
  member = await memberOf(server, companyId, 'vendas');
  await applyCoins(server.services.db, { companyId, amount: 20, kind: 'adjustment', reason: 'Saldo de teste' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('documents: a draft from a brief (ai.document_draft)', () => {
  it('creates the document from the model’s sections and charges 3 coins once, even when the request repeats', async () => {
    fake.setResponder(() => DRAFT);
    const before = await balance();
    const body = request();
    const res = await post(member, body);
    expect(res.status).toBe(201);
    const out = (await res.json()) as { document: DocumentView; charged: number };
    expect(out.charged).toBe(3);
    expect(out.document.id).toBe(body.id);
    expect(out.document.title).toBe('Política de home office');
    expect(out.document.content.content?.map((n) => n.type)).toEqual(['heading', 'paragraph', 'heading', 'bulletList']);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Política de trabalho remoto para 12 pessoas');
    const again = await post(member, body);
    expect(again.status).toBe(201);
    expect(await balance()).toBe(before - 3);
  });

  it('never charges for a failure: invalid JSON from the model, no coins; bad briefs are refused before the model', async () => {
    fake.setResponder(null);
    fake.setMode('malformed');
    const before = await balance();
    const failed = await post(member, request());
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(600);
    expect(((await failed.json()) as { error: string }).error).toBeTruthy();
    expect(await balance()).toBe(before);
    fake.setMode('ok');

    const short = await post(member, request({ brief: 'curto' }));
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: string }).error).toBe('Descreva o documento em pelo menos 20 caracteres.');

    const poor = await createCompanyWithAdmin(server, 'Sem Moedas Ltda');
    const has = (await ledgerState(server, poor.companyId)).balance;
    if (has > 0) await applyCoins(server.services.db, { companyId: poor.companyId, amount: -has, kind: 'adjustment', reason: 'Zerar saldo' });
    const broke = await post(poor.admin, request());
    expect(broke.status).toBe(409);
    expect((await server.services.pool.query('SELECT count(*)::int AS n FROM documents WHERE company_id = $1', [poor.companyId])).rows[0].n).toBe(0);
  });
});
