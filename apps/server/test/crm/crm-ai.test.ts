import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DealInsights, InsightRunResult } from '@sede/shared/crm/ai';
import { ledgerState } from '../billing/support.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { seedDeal } from './support.ts';

let fake: FakeOpenAi;
let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  [server, bare] = await Promise.all([startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), bare?.stop()]);
  await fake?.close();
});
afterEach(() => fake.reset());

async function company(s: TestServer) {
  const { companyId, admin } = await createCompanyWithAdmin(s, `Empresa IA ${randomUUID().slice(0, 6)}`);
  const member = await memberOf(s, companyId, 'rh');
  const { dealId, stageId } = await seedDeal(s, companyId, { title: 'Licenças de software', valueCents: 1_200_000 });
  return { companyId, admin, member, dealId, stageId };
}
const run = (s: TestServer, who: Member, dealId: string, kind: string, requestId = randomUUID()) =>
  s.request(`/api/crm-ai/deals/${dealId}/${kind}`, { method: 'POST', json: { requestId }, jar: who.jar });

describe('AI in the pipeline', () => {
  it('summarises a deal from its timeline (stages, activities, comments), charges 1 coin and stores the result', async () => {
    const c = await company(server);
    await sql(server, `INSERT INTO deal_stage_history (company_id, deal_id, from_stage_id, to_stage_id) VALUES ($1, $2, NULL, $3)`, [c.companyId, c.dealId, c.stageId]);
    await sql(server, `INSERT INTO tasks (company_id, title, kind, entity_type, entity_id, due_date) VALUES ($1, 'Ligar para o diretor financeiro', 'call', 'deal', $2, '2026-12-01')`, [c.companyId, c.dealId]);
    await sql(server, `INSERT INTO comments (company_id, entity_type, entity_id, body) VALUES ($1, 'deal', $2, 'Cliente pediu desconto de 10%')`, [c.companyId, c.dealId]);
    fake.setResponder(() => ({ resumo: 'Negócio de licenças em negociação de preço.', pontosChave: ['Pedido de desconto de 10%'], riscos: ['Preço'] }));
    // A member with no sales role may use it (crm.ai, decision 0125).
    const res = await run(server, c.member, c.dealId, 'summary');
    expect(res.status).toBe(200);
    const body = (await res.json()) as InsightRunResult;
    expect(body).toMatchObject({ charged: 1, balance: 49, insight: { kind: 'summary', version: 'deal-summary.v1', result: { resumo: 'Negócio de licenças em negociação de preço.' } } });
    const prompt = fake.requests[0]!.body!.messages[1]!.content;
    expect(prompt).toContain('Licenças de software');
    expect(prompt).toContain('R$\u00a012.000,00');
    expect(prompt).toContain('(início) → Proposta');
    expect(prompt).toContain('call: Ligar para o diretor financeiro (prazo 2026-12-01) — pendente');
    expect(prompt).toContain('Cliente pediu desconto de 10%');
    expect(fake.requests[0]!.body!.response_format!.json_schema!.name).toBe('deal-summary_v1');

    // Shown again without paying; re-running keeps the history.
    const stored = (await (await server.request(`/api/crm-ai/deals/${c.dealId}/insights`, { jar: c.admin.jar })).json()) as DealInsights;
    expect(stored.latest.summary?.id).toBe(body.insight.id);
    fake.setResponder(() => ({ resumo: 'Segunda versão.', pontosChave: [], riscos: [] }));
    expect((await run(server, c.admin, c.dealId, 'summary')).status).toBe(200);
    const again = (await (await server.request(`/api/crm-ai/deals/${c.dealId}/insights`, { jar: c.admin.jar })).json()) as DealInsights;
    expect(again.history.filter((i) => i.kind === 'summary')).toHaveLength(2);
    expect(again.latest.summary?.result).toMatchObject({ resumo: 'Segunda versão.' });
    expect((await ledgerState(server, c.companyId)).balance).toBe(48);
  });

  it('next step and lead score are structured and stored', async () => {
    const c = await company(server);
    fake.setResponder((req) =>
      req.response_format!.json_schema!.name === 'deal-next-step_v1'
        ? { acao: 'Agende uma demonstração', justificativa: 'O cliente pediu.', prazoSugeridoDias: 2, canal: 'reuniao' }
        : { pontuacao: 72, classificacao: 'quente', motivos: [{ fator: 'Valor alto', impacto: 'positivo', explicacao: 'Ticket acima da média.' }] },
    );
    expect((await run(server, c.member, c.dealId, 'next-step')).status).toBe(200);
    expect((await run(server, c.member, c.dealId, 'lead-score')).status).toBe(200);
    const stored = (await (await server.request(`/api/crm-ai/deals/${c.dealId}/insights`, { jar: c.member.jar })).json()) as DealInsights;
    expect(stored.latest.next_step?.result).toEqual({ acao: 'Agende uma demonstração', justificativa: 'O cliente pediu.', prazoSugeridoDias: 2, canal: 'reuniao' });
    expect(stored.latest.lead_score?.result).toMatchObject({ pontuacao: 72, classificacao: 'quente' });
  });

  it('a malformed answer (twice) is refunded and nothing is stored', async () => {
    const c = await company(server);
    fake.setMode('malformed');
    const res = await run(server, c.admin, c.dealId, 'lead-score');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'AI_INVALID_ANSWER', refunded: true });
    expect((await ledgerState(server, c.companyId)).balance).toBe(50);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM crm_ai_insights WHERE deal_id = $1', [c.dealId])).toEqual([{ n: 0 }]);
  });

  it('without coins it is refused before calling the AI', async () => {
    const c = await company(server);
    await sql(server, 'UPDATE companies SET currency_amount = 0 WHERE id = $1', [c.companyId]);
    const res = await run(server, c.admin, c.dealId, 'next-step');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'INSUFFICIENT_COINS', price: 1, balance: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('with no AI configured it says how to configure it and charges nothing', async () => {
    const c = await company(bare);
    const res = await run(bare, c.admin, c.dealId, 'summary');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'A IA não está configurada. Configure uma chave de IA em Meu perfil ou peça ao administrador para configurar a IA do servidor.',
      code: 'AI_NOT_CONFIGURED',
    });
    expect((await ledgerState(bare, c.companyId)).balance).toBe(50);
  });

  it('bad input is a 400/404 in Portuguese', async () => {
    const c = await company(server);
    const bad = await server.request(`/api/crm-ai/deals/${c.dealId}/summary`, { method: 'POST', json: { requestId: 'x' }, jar: c.admin.jar });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Identificador da solicitação inválido.', code: 'VALIDATION_ERROR' });
    expect((await run(server, c.admin, c.dealId, 'horoscopo')).status).toBe(404);
    expect((await run(server, c.admin, 'nao-e-id', 'summary')).status).toBe(404);
  });

  it('another company gets 404 for the deal and its insights; nothing is charged to anyone', async () => {
    const c = await company(server);
    const other = await company(server);
    expect((await run(server, c.admin, c.dealId, 'summary')).status).toBe(200);
    await expectTenantIsolation(server, { owner: c.admin, outsider: other.admin, secrets: [c.dealId, 'Licenças'] }, [
      { method: 'GET', path: `/api/crm-ai/deals/${c.dealId}/insights` },
      { method: 'POST', path: `/api/crm-ai/deals/${c.dealId}/summary`, body: { requestId: randomUUID() } },
      { method: 'POST', path: `/api/crm-ai/deals/${c.dealId}/next-step`, body: { requestId: randomUUID() } },
      { method: 'POST', path: `/api/crm-ai/deals/${c.dealId}/lead-score`, body: { requestId: randomUUID() } },
    ]);
    expect((await ledgerState(server, other.companyId)).balance).toBe(50);
  });
});
