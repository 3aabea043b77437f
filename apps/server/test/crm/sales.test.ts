import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOverview } from '@sede/shared/crm/sales';
import { registerSalesTile } from '../../src/modules/sales/public.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';
import { inDays, seedDeal } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const overview = async (jar: { cookie: string }) => {
  const res = await server.request('/api/comercial/overview', { jar });
  expect(res.status).toBe(200);
  return (await res.json()) as SalesOverview;
};

describe('GET /api/comercial/overview', () => {
  it('an empty company gets zeros and every tool tile', async () => {
    const { admin } = await createCompanyWithAdmin(server, 'Vazia');
    const o = await overview(admin.jar);
    expect(o).toMatchObject({ openPipelineCents: 0, weightedPipelineCents: 0, wonThisMonthCents: 0, wonThisMonthCount: 0, conversionRate: null, dealsWithoutNextActivity: 0, overdueActivities: 0 });
    expect(o.tiles.map((t) => t.tool)).toEqual(['kanban-leads', 'lista-contatos', 'metricas', 'analise-reunioes', 'extrair-leads-cnpj', 'campanhas-massa', 'atendimento']);
    expect(o.tiles[0]).toEqual({ tool: 'kanban-leads', title: 'Kanban de leads', path: '/kanban-leads', description: 'Negócios por etapa do funil', kpi: { label: 'Negócios abertos', value: '0' } });
    expect(o.tiles.find((t) => t.tool === 'atendimento')!.kpi).toBeNull();
    expect(o.tiles.find((t) => t.tool === 'metricas')!.kpi).toEqual({ label: 'Ganho no mês', value: 'R$\u00a00,00' });
  });

  it('computes the KPIs from the deals and their activities, only of the session company', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(server, 'Com funil');
    const a = await seedDeal(server, companyId, { valueCents: 100_000, probability: 50 });
    const b = await seedDeal(server, companyId, { valueCents: 300_000, probability: 10 });
    await seedDeal(server, companyId, { valueCents: 70_000, status: 'won', closedAt: new Date() });
    await seedDeal(server, companyId, { valueCents: 5_000, status: 'lost', closedAt: new Date() });
    await seedDeal(server, companyId, { valueCents: 9_000, status: 'won', closedAt: new Date(Date.now() - 200 * 86_400_000) });
    await sql(server, `INSERT INTO tasks (company_id, title, kind, entity_type, entity_id, due_date) VALUES ($1, 'Ligar', 'call', 'deal', $2, $3)`, [companyId, a.dealId, inDays(-2)]);
    await sql(server, `INSERT INTO tasks (company_id, title, kind, entity_type, entity_id, due_date, done_at) VALUES ($1, 'Feito', 'call', 'deal', $2, $3, now())`, [companyId, b.dealId, inDays(-2)]);
    // Another company's deals never count.
    const other = await createCompanyWithAdmin(server, 'Outra');
    await seedDeal(server, other.companyId, { valueCents: 999_999 });
    const o = await overview(admin.jar);
    expect(o).toMatchObject({
      openPipelineCents: 400_000,
      openDeals: 2,
      weightedPipelineCents: 50_000 + 30_000,
      wonThisMonthCents: 70_000,
      wonThisMonthCount: 1,
      conversionRate: 0.5,
      dealsWithoutNextActivity: 1,
      overdueActivities: 1,
    });
    expect(o.tiles[0]!.kpi).toEqual({ label: 'Negócios abertos', value: '2' });
    // The Métricas tile (crm-metrics, decision 0191): won in the month, then against the month's targets.
    expect(o.tiles.find((t) => t.tool === 'metricas')!.kpi).toEqual({ label: 'Ganho no mês', value: 'R$\u00a0700,00' });
    const month = todayInBrazil().slice(0, 7);
    const put = await server.request('/api/crm-metrics/targets', { method: 'PUT', jar: admin.jar, json: { targets: [{ userId: admin.userId, month, targetCents: 140_000 }] } });
    expect(put.status).toBe(200);
    await sql(server, `INSERT INTO crm_targets (company_id, user_id, month, target_cents) VALUES ($1, $2, $3, 1000000)`, [other.companyId, other.admin.userId, `${month}-01`]);
    expect((await overview(admin.jar)).tiles.find((t) => t.tool === 'metricas')!.kpi).toEqual({ label: 'Da meta do mês', value: '50%' });
  });

  it('a later area adds its KPI to its tile in one line; a failing KPI leaves the tile without a number', async () => {
    const { admin } = await createCompanyWithAdmin(server, 'Com atendimento');
    registerSalesTile(server.services, { tool: 'atendimento', kpi: async () => ({ label: 'Conversas abertas', value: '3' }) });
    registerSalesTile(server.services, {
      tool: 'campanhas-massa',
      kpi: async () => {
        throw new Error('falhou');
      },
    });
    const o = await overview(admin.jar);
    expect(o.tiles.find((t) => t.tool === 'atendimento')!.kpi).toEqual({ label: 'Conversas abertas', value: '3' });
    expect(o.tiles.find((t) => t.tool === 'campanhas-massa')!.kpi).toBeNull();
  });

  it('needs comercial: a member without it gets 403, anonymous 401; another company sees only its own numbers', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(server, 'Permissões');
    const rh = await memberOf(server, companyId, 'rh');
    const vendas = await memberOf(server, companyId, 'vendas');
    expect((await server.request('/api/comercial/overview', { jar: rh.jar })).status).toBe(403);
    expect((await server.request('/api/comercial/overview')).status).toBe(401);
    expect((await server.request('/api/comercial/overview', { jar: vendas.jar })).status).toBe(200);
    expect((await server.request('/api/comercial/overview', { jar: admin.jar })).status).toBe(200);
  });
});
