import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsOptions, MetricsOverview, TargetRow } from '@sede/shared/crm/metrics';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { seedForeignDeals, seedMetricsFixture, type MetricsFixture } from './metrics-fixture.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let seller: Person;
let rh: Person;
let outsider: Person;
let outsiderCompanyId: string;
let fx: MetricsFixture;

const PERIOD = 'from=2026-01&to=2026-03';

const api = async <T = unknown>(path: string, who: Person, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(`/api/crm-metrics${path}`, { method: init.method ?? 'GET', json: init.json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T & { error?: string; code?: string } };
};

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Métricas Alfa Ltda');
  companyId = a.companyId;
  admin = a.admin;
  seller = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  const b = await createCompanyWithAdmin(server, 'Métricas Beta Ltda');
  outsider = b.admin;
  outsiderCompanyId = b.companyId;
  fx = await seedMetricsFixture(server.services.pool, companyId, { seller: seller.userId, admin: admin.userId });
  await seedForeignDeals(server.services.pool, outsiderCompanyId, outsider.userId);
});
afterAll(async () => {
  await server?.stop();
});

describe('figures on a hand-checked set (Jan–Mar 2026, Brasília months)', () => {
  it('pipeline value by stage: open deals now, count, sum and weighted by probability', async () => {
    const res = await api<MetricsOverview>(`/overview?${PERIOD}`, seller);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pipeline.map((r) => [r.pipelineName, r.stageName, r.count, r.valueCents, r.weightedCents])).toEqual([
      ['Vendas', 'Prospecção', 1, 5_000, 500],
      ['Vendas', 'Proposta', 1, 300_000, 150_000],
      ['Vendas', 'Negociação', 1, 400_000, 320_000],
      ['Parcerias', 'Contato', 1, 10_000, 2_000],
    ]);
  });

  it('funnel: of the deals that entered each stage in the period, those that went further or were won', async () => {
    const res = await api<{ stages: MetricsOverview['funnel'] }>(`/funnel?${PERIOD}`, seller);
    expect(res.status).toBe(200);
    expect(res.body.stages.map((r) => [r.stageName, r.reached, r.advanced])).toEqual([
      ['Prospecção', 5, 4],
      ['Proposta', 3, 1],
      ['Negociação', 1, 1],
      ['Contato', 1, 0],
    ]);
  });

  it('won and lost per month in America/Sao_Paulo, across UTC month boundaries; other months and companies excluded', async () => {
    const res = await api<{ months: MetricsOverview['monthly'] }>(`/monthly?${PERIOD}`, seller);
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual([
      { month: '2026-01', wonCount: 1, wonCents: 100_000, lostCount: 0, lostCents: 0 },
      { month: '2026-02', wonCount: 0, wonCents: 0, lostCount: 1, lostCents: 50_000 },
      { month: '2026-03', wonCount: 1, wonCents: 200_000, lostCount: 0, lostCents: 0 },
    ]);
  });

  it('revenue won by owner and by source; the average sales cycle overall and by owner', async () => {
    const rev = await api<{ byOwner: MetricsOverview['byOwner']; bySource: MetricsOverview['bySource'] }>(`/revenue?${PERIOD}`, seller);
    expect(rev.status).toBe(200);
    expect(rev.body.byOwner.map((r) => [r.key, r.label, r.count, r.wonCents, r.avgCycleDays])).toEqual([
      [admin.userId, 'Carla Admin', 1, 200_000, 27.7],
      [seller.userId, 'Ana Souza', 1, 100_000, 26.6],
    ]);
    expect(rev.body.bySource.map((r) => [r.label, r.count, r.wonCents])).toEqual([
      ['indicação', 1, 200_000],
      ['site', 1, 100_000],
    ]);
    const cycle = await api<{ cycle: MetricsOverview['cycle'] }>(`/cycle?${PERIOD}`, seller);
    expect(cycle.body.cycle.count).toBe(2);
    // (26.604 + 27.708) / 2 days.
    expect(cycle.body.cycle.avgCycleDays).toBe(27.2);
    expect(cycle.body.cycle.byOwner.map((r) => [r.label, r.avgCycleDays])).toEqual([
      ['Ana Souza', 26.6],
      ['Carla Admin', 27.7],
    ]);
  });

  it('the owner filter narrows every figure; the pipeline filter keeps its stages only', async () => {
    const mine = await api<MetricsOverview>(`/overview?${PERIOD}&ownerId=${seller.userId}`, seller);
    expect(mine.status).toBe(200);
    expect(mine.body.monthly.map((m) => [m.wonCount, m.lostCount])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    expect(mine.body.pipeline.map((r) => r.count)).toEqual([1, 0, 1, 0]);
    expect(mine.body.byOwner.map((r) => r.key)).toEqual([seller.userId]);

    const p2 = await api<MetricsOverview>(`/overview?${PERIOD}&pipelineId=${fx.p2}`, seller);
    expect(p2.body.pipeline.map((r) => r.stageName)).toEqual(['Contato']);
    expect(p2.body.funnel.map((r) => [r.stageName, r.reached])).toEqual([['Contato', 1]]);
    expect(p2.body.monthly.every((m) => m.wonCount === 0 && m.lostCount === 0)).toBe(true);
    expect(p2.body.cycle).toEqual({ count: 0, avgCycleDays: null, byOwner: [] });
  });

  it('without a period: the current month and the five before it', async () => {
    const res = await api<MetricsOverview>('/overview', seller);
    expect(res.status).toBe(200);
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    expect(res.body.months).toHaveLength(6);
    expect(res.body.months.at(-1)).toBe(now);
    expect(res.body.filters.to).toBe(now);
  });

  it('options: pipelines, members, whether there are deals and whether the caller may set targets', async () => {
    const forSeller = await api<MetricsOptions>('/options', seller);
    expect(forSeller.body.pipelines.map((p) => p.name)).toEqual(['Vendas', 'Parcerias']);
    expect(forSeller.body.owners.map((o) => o.id).sort()).toEqual([admin.userId, seller.userId, rh.userId].sort());
    expect(forSeller.body).toMatchObject({ hasDeals: true, canEditTargets: false });
    expect((await api<MetricsOptions>('/options', admin)).body.canEditTargets).toBe(true);
  });
});

describe('bad input: 400 in Portuguese, foreign ids 404', () => {
  it.each([
    ['from=2026-13', 'Mês inválido (use AAAA-MM).'],
    ['from=26-01', 'Mês inválido (use AAAA-MM).'],
    ['from=2026-05&to=2026-01', 'O mês inicial deve ser anterior ou igual ao final.'],
    ['from=2020-01&to=2026-01', 'O período pode ter no máximo 36 meses.'],
    ['pipelineId=nao-e-um-id', 'Funil inválido.'],
  ])('%s', async (query, message) => {
    const res = await api(`/overview?${query}`, seller);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION_ERROR' });
  });

  it("another company's pipeline or salesperson is 404", async () => {
    const foreign = await sql(server, 'SELECT id FROM crm_pipelines WHERE company_id = $1', [outsiderCompanyId]);
    const res = await api(`/overview?pipelineId=${foreign[0]!.id}`, seller);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Funil não encontrado.');
    const owner = await api(`/monthly?ownerId=${outsider.userId}`, seller);
    expect(owner.status).toBe(404);
    expect(owner.body.error).toBe('Vendedor não encontrado.');
  });
});

describe('targets', () => {
  it('an admin sets, changes and clears targets; progress per salesperson and month vs won; audited', async () => {
    const put = await api('/targets', admin, {
      method: 'PUT',
      json: {
        targets: [
          { userId: seller.userId, month: '2026-01', targetCents: 150_000 },
          { userId: seller.userId, month: '2026-02', targetCents: 100_000 },
          { userId: seller.userId, month: '2026-03', targetCents: 80_000 },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Change one, clear another.
    const again = await api('/targets', admin, {
      method: 'PUT',
      json: {
        targets: [
          { userId: seller.userId, month: '2026-01', targetCents: 200_000 },
          { userId: seller.userId, month: '2026-03', targetCents: null },
        ],
      },
    });
    expect(again.body).toEqual({ saved: 1, cleared: 1 });

    const res = await api<{ targets: TargetRow[] }>(`/targets?${PERIOD}`, seller);
    expect(res.status).toBe(200);
    expect(res.body.targets.map((t) => [t.userId, t.month, t.targetCents, t.wonCents, t.percent])).toEqual([
      [seller.userId, '2026-01', 200_000, 100_000, 50],
      [seller.userId, '2026-02', 100_000, 0, 0],
      [admin.userId, '2026-03', null, 200_000, null],
    ]);
    const stored = await sql(server, 'SELECT count(*)::int AS n FROM crm_targets WHERE company_id = $1', [companyId]);
    expect(stored[0]!.n).toBe(2);
    const audit = await sql(server, "SELECT action, details FROM activity_log WHERE company_id = $1 AND details->>'entity' = 'crm_target' ORDER BY id", [companyId]);
    expect(audit.map((a) => a.action)).toEqual(['crm_targets_updated', 'crm_targets_updated']);
    expect(audit[0]!.details).toMatchObject({ count: 3, months: ['2026-01', '2026-02', '2026-03'] });

    // Deleting one by id.
    const id = res.body.targets[1]!.targetId!;
    expect((await api(`/targets/${id}`, admin, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/targets/${id}`, admin, { method: 'DELETE' })).status).toBe(404);
    const garbage = await api('/targets/nao-e-um-id', admin, { method: 'DELETE' });
    expect(garbage.status).toBe(404);
    expect(garbage.body).toEqual({ error: 'Meta não encontrada.', code: 'NOT_FOUND' });
    const after = await api<{ targets: TargetRow[] }>(`/targets?${PERIOD}`, seller);
    expect(after.body.targets.map((t) => t.month)).toEqual(['2026-01', '2026-03']);
    const deleted = await sql(server, "SELECT details FROM activity_log WHERE company_id = $1 AND action = 'crm_target_deleted' AND details->>'entity' = 'crm_target'", [companyId]);
    expect(deleted).toHaveLength(1);
  });

  it.each([
    [{ targets: [] }, 'Informe de 1 a 36 metas por vez.'],
    [{ targets: [{ userId: 'x', month: '2026-01', targetCents: -1 }] }, 'Informe a meta em reais, de R$ 0,00 a R$ 10.000.000.000,00.'],
    [{ targets: [{ userId: 'x', month: '2026-01', targetCents: 10 ** 15 }] }, 'Informe a meta em reais, de R$ 0,00 a R$ 10.000.000.000,00.'],
    [{ targets: [{ userId: 'x', month: '2026-01', targetCents: 1.5 }] }, 'Informe a meta em reais, de R$ 0,00 a R$ 10.000.000.000,00.'],
    [{ targets: [{ userId: 'x', month: '2026-1', targetCents: 1 }] }, 'Mês inválido (use AAAA-MM).'],
    [{ targets: 'muitas' }, 'Informe de 1 a 36 metas por vez.'],
  ])('refuses %j with a 400', async (json, message) => {
    const res = await api('/targets', admin, { method: 'PUT', json });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it("a salesperson of another company is 404 and nothing is written; a non-admin gets 403", async () => {
    const before = await sql(server, 'SELECT count(*)::int AS n FROM crm_targets', []);
    const res = await api('/targets', admin, {
      method: 'PUT',
      json: { targets: [{ userId: seller.userId, month: '2026-04', targetCents: 1 }, { userId: outsider.userId, month: '2026-04', targetCents: 1 }] },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Vendedor não encontrado.');
    expect((await sql(server, 'SELECT count(*)::int AS n FROM crm_targets', []))[0]!.n).toBe(before[0]!.n);
    const bySeller = await api('/targets', seller, { method: 'PUT', json: { targets: [{ userId: seller.userId, month: '2026-04', targetCents: 1 }] } });
    expect(bySeller.status).toBe(403);
  });
});

describe('isolation (decision 0165)', () => {
  it('every endpoint: another company 404 for our ids, a member without comercial 403', async () => {
    const q = `${PERIOD}&pipelineId=${fx.p1}`;
    await expectTenantIsolation(server, { owner: seller, outsider, withoutPermission: rh, secrets: [fx.p1, 'Vendas', 'Prospecção'] }, [
      { method: 'GET', path: `/api/crm-metrics/overview?${q}` },
      { method: 'GET', path: `/api/crm-metrics/pipeline?${q}` },
      { method: 'GET', path: `/api/crm-metrics/funnel?${q}` },
      { method: 'GET', path: `/api/crm-metrics/monthly?${q}` },
      { method: 'GET', path: `/api/crm-metrics/revenue?${q}` },
      { method: 'GET', path: `/api/crm-metrics/cycle?${q}` },
      { method: 'GET', path: `/api/crm-metrics/targets?${PERIOD}&ownerId=${seller.userId}` },
    ]);
    await api('/targets', admin, { method: 'PUT', json: { targets: [{ userId: seller.userId, month: '2026-06', targetCents: 1_000 }] } });
    const [target] = await sql(server, "SELECT id FROM crm_targets WHERE company_id = $1 AND month = '2026-06-01'", [companyId]);
    await expectTenantIsolation(server, { owner: admin, outsider, withoutPermission: seller, secrets: [seller.userId] }, [
      { method: 'PUT', path: '/api/crm-metrics/targets', body: { targets: [{ userId: seller.userId, month: '2026-07', targetCents: 1 }] } },
      { method: 'DELETE', path: `/api/crm-metrics/targets/${target!.id}`, ownerStatus: 204 },
    ]);
    // rh (no comercial at all) is refused the writes too.
    expect((await api('/targets', rh, { method: 'PUT', json: { targets: [{ userId: seller.userId, month: '2026-07', targetCents: 1 }] } })).status).toBe(403);
  });

  it('options and the figures without ids: 403 without comercial, 401 anonymous, the own company for another member', async () => {
    for (const path of ['/options', '/overview', '/pipeline', '/funnel', '/monthly', '/revenue', '/cycle', '/targets']) {
      expect((await api(path, rh)).status, path).toBe(403);
      expect((await server.request(`/api/crm-metrics${path}`)).status, path).toBe(401);
    }
    const theirs = await api<MetricsOptions>('/options', outsider);
    expect(theirs.status).toBe(200);
    expect(theirs.body.pipelines.map((p) => p.name)).toEqual(['Funil da Beta']);
    expect(theirs.body.owners.map((o) => o.id)).toEqual([outsider.userId]);
  });

  it("aggregates without ids answer the caller's own company: another company sees only its own deals", async () => {
    const theirs = await api<MetricsOverview>(`/overview?${PERIOD}`, outsider);
    expect(theirs.status).toBe(200);
    expect(theirs.body.pipeline.map((r) => r.stageName)).toEqual(['Etapa Beta']);
    expect(theirs.body.monthly.map((m) => m.wonCents)).toEqual([99_999_999, 0, 0]);
    const ours = await api<MetricsOverview>(`/overview?${PERIOD}`, seller);
    expect(JSON.stringify(ours.body)).not.toContain('99999999');
    expect(JSON.stringify(theirs.body)).not.toContain('Prospecção');
  });
});

describe('funnel edge cases', () => {
  it('a deal created in the period and moved after it counts in its first stage; a move back is not an advance', async () => {
    const one = async (text: string, params: unknown[]) => (await sql(server, text, params))[0]!.id as string;
    const p3 = await one(`INSERT INTO crm_pipelines (company_id, name, position) VALUES ($1, 'Bordas', 9) RETURNING id`, [companyId]);
    const a = await one(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, 'A', 0, 10) RETURNING id`, [companyId, p3]);
    const b = await one(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, 'B', 1, 50) RETURNING id`, [companyId, p3]);
    const deal = (stage: string, created: string) =>
      one(`INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, status, created_at) VALUES ($1, $2, $3, 'Borda', 100, 'open', $4) RETURNING id`, [companyId, p3, stage, created]);
    const move = (id: string, from: string, to: string, at: string) =>
      sql(server, 'INSERT INTO deal_stage_history (company_id, deal_id, from_stage_id, to_stage_id, at) VALUES ($1, $2, $3, $4, $5)', [companyId, id, from, to, at]);
    // Created in A in February, moved to B in April (after the period).
    const late = await deal(b, '2026-02-10T12:00:00Z');
    await move(late, a, b, '2026-04-10T12:00:00Z');
    // Created in A, to B, back to A, all in January.
    const back = await deal(a, '2026-01-05T12:00:00Z');
    await move(back, a, b, '2026-01-10T12:00:00Z');
    await move(back, b, a, '2026-01-20T12:00:00Z');

    const res = await api<{ stages: MetricsOverview['funnel'] }>(`/funnel?${PERIOD}&pipelineId=${p3}`, seller);
    expect(res.body.stages.map((r) => [r.stageName, r.reached, r.advanced])).toEqual([
      ['A', 2, 1],
      ['B', 1, 0],
    ]);
  });
});

describe('cycle edge case', () => {
  it('a deal won before its row was created (brought from elsewhere) counts as 0 days, never negative', async () => {
    const one = async (text: string, params: unknown[]) => (await sql(server, text, params))[0]!.id as string;
    const p4 = await one(`INSERT INTO crm_pipelines (company_id, name, position) VALUES ($1, 'Ciclo', 10) RETURNING id`, [companyId]);
    const s = await one(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, 'S', 0, 10) RETURNING id`, [companyId, p4]);
    await sql(
      server,
      `INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, status, created_at, closed_at) VALUES ($1, $2, $3, 'Importado', 100, 'won', '2026-02-20T12:00:00Z', '2026-02-10T12:00:00Z')`,
      [companyId, p4, s],
    );
    const res = await api<{ cycle: { count: number; avgCycleDays: number | null } }>(`/cycle?${PERIOD}&pipelineId=${p4}`, seller);
    expect(res.body.cycle).toMatchObject({ count: 1, avgCycleDays: 0 });
  });
});
