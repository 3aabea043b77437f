/**
 * /metricas (decision 0168): 10,000 deals in one pipeline of six stages, with
 * their stage history (~25,000 rows), five salespeople and their targets, beside another company
 * with as many deals. A page load is what /metricas asks for: GET /api/crm-metrics/options and
 * GET /api/crm-metrics/overview (five statements side by side on the pool), in parallel, signed
 * in as the admin. 20 warm-up loads, then 100 sequential loads of the default view (last six
 * months); p95 of the page's wall time. Target ≤ 150 ms. The 12-month view with a salesperson
 * filter is shown for information, and the other company's rows must be unchanged.
 */
import type { BenchContext, BenchRow } from '../types.ts';

const DEALS = Number(process.env.BENCH_CRM_METRICS_DEALS ?? 10_000);
const LOADS = 100;
const TARGET_P95_MS = 150;

async function seedDeals(ctx: BenchContext, companyId: string, tag: string): Promise<{ owners: string[] }> {
  const owners = Array.from({ length: 5 }, (_, i) => `bench-crm-${tag}-${i}-${Date.now().toString(36)}`);
  for (const [i, id] of owners.entries()) {
    await ctx.sql(`INSERT INTO "user" (id, name, email, email_verified) VALUES ($1, $2, $3, true)`, [id, `Vendedor ${i + 1} ${tag}`, `${id}@exemplo.com.br`]);
    await ctx.sql(`INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'vendas')`, [id, companyId]);
  }
  const [p] = await ctx.sql<{ id: string }>(`INSERT INTO crm_pipelines (company_id, name) VALUES ($1, 'Funil principal') RETURNING id`, [companyId]);
  await ctx.sql(
    `INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability)
     SELECT $1, $2, n, i, pr FROM unnest(ARRAY['Lead','Contato','Diagnóstico','Proposta','Negociação','Fechamento'], ARRAY[10,20,40,60,80,90]) WITH ORDINALITY AS t(n, pr, i)`,
    [companyId, p!.id],
  );
  await ctx.sql(
    `WITH s AS (SELECT array_agg(id ORDER BY position) AS ids FROM crm_stages WHERE pipeline_id = $2)
     INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, owner_id, source, status, created_at, closed_at, stage_entered_at)
     SELECT $1, $2, s.ids[1 + g % 6], 'Negócio ' || g, 1000 + (g * 7919) % 5000000, ($3::text[])[1 + g % 5],
            (ARRAY['site', 'indicação', 'prospecção', 'evento', NULL])[1 + (g / 7) % 5],
            st, c, CASE WHEN st = 'open' THEN NULL ELSE c + make_interval(days => least(g % 90, g % 365)) END, c
       FROM s, generate_series(1, $4::int) AS g,
            LATERAL (SELECT CASE WHEN g % 20 < 12 THEN 'open' WHEN g % 20 < 17 THEN 'won' ELSE 'lost' END AS st,
                            now() - make_interval(days => g % 365 + 1, mins => g % 1440) AS c) x`,
    [companyId, p!.id, owners, DEALS],
  );
  await ctx.sql(
    `WITH s AS (SELECT array_agg(id ORDER BY position) AS ids FROM crm_stages WHERE pipeline_id = $2)
     INSERT INTO deal_stage_history (company_id, deal_id, from_stage_id, to_stage_id, at)
     SELECT d.company_id, d.id, s.ids[k], s.ids[k + 1], d.created_at + make_interval(hours => k)
       FROM deals d, s, LATERAL generate_series(1, array_position(s.ids, d.stage_id) - 1) AS k
      WHERE d.company_id = $1`,
    [companyId, p!.id],
  );
  await ctx.sql(
    `INSERT INTO crm_targets (company_id, user_id, month, target_cents)
     SELECT $1, u, (date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - make_interval(months => m))::date, 5000000
       FROM unnest($2::text[]) AS u, generate_series(0, 11) AS m`,
    [companyId, owners],
  );
  return { owners };
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function pageLoad(baseUrl: string, cookie: string, query: string): Promise<number> {
  const t0 = performance.now();
  const [a, b] = await Promise.all([fetch(`${baseUrl}/api/crm-metrics/options`, { headers: { cookie } }), fetch(`${baseUrl}/api/crm-metrics/overview${query}`, { headers: { cookie } })]);
  await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
  const ms = performance.now() - t0;
  if (a.status !== 200 || b.status !== 200) throw new Error(`metrics page: ${a.status} / ${b.status}`);
  return ms;
}

export default async function crmMetrics(ctx: BenchContext): Promise<BenchRow[]> {
  const stamp = Date.now().toString(36);
  const email = `bench.crm.metrics.${stamp}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Bench Métricas Ltda', cnpj: Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('') });
  const otherEmail = `bench.crm.metrics.other.${stamp}@exemplo.com.br`;
  await ctx.signUpConfirmed(otherEmail);
  const otherId = await ctx.seedCompany(otherEmail, { name: 'Bench Métricas Vizinha Ltda', cnpj: Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('') });
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === companyId) break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const t0 = performance.now();
  const { owners } = await seedDeals(ctx, companyId, 'a');
  await seedDeals(ctx, otherId, 'b');
  await ctx.sql('ANALYZE deals; ANALYZE deal_stage_history; ANALYZE crm_stages; ANALYZE crm_targets');
  const seedMs = performance.now() - t0;
  const fingerprint = `SELECT count(*)::int AS n, sum(value_cents)::text AS v, max(updated_at)::text AS u FROM deals WHERE company_id = $1`;
  const [before] = await ctx.sql(fingerprint, [otherId]);

  for (let i = 0; i < 20; i++) await pageLoad(ctx.baseUrl, cookie, '');
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) times.push(await pageLoad(ctx.baseUrl, cookie, ''));
  times.sort((a, b) => a - b);
  const wide: number[] = [];
  const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  const y = Number(now.slice(0, 4));
  const from = `${y - 1}-${now.slice(5, 7)}`;
  for (let i = 0; i < 30; i++) wide.push(await pageLoad(ctx.baseUrl, cookie, `?from=${from}&to=${now}&ownerId=${owners[0]}`));
  wide.sort((a, b) => a - b);

  const [overview] = await Promise.all([fetch(`${ctx.baseUrl}/api/crm-metrics/overview`, { headers: { cookie } }).then((r) => r.json() as Promise<{ pipeline: Array<{ count: number }> }>)]);
  const openCounted = overview.pipeline.reduce((s, r) => s + r.count, 0);
  const [open] = await ctx.sql<{ n: number }>(`SELECT count(*)::int AS n FROM deals WHERE company_id = $1 AND status = 'open'`, [companyId]);
  const [after] = await ctx.sql(fingerprint, [otherId]);
  const [hist] = await ctx.sql<{ n: number }>(`SELECT count(*)::int AS n FROM deal_stage_history WHERE company_id = $1`, [companyId]);

  return [
    { name: `crm: seeded ${DEALS.toLocaleString('en')} deals + ${hist!.n.toLocaleString('en')} history rows per company (×2)`, value: `${(seedMs / 1000).toFixed(1)} s` },
    {
      name: `crm: metrics page p95 (options + overview, last 6 months, ${LOADS} loads)`,
      value: `p50 ${p(times, 0.5).toFixed(1)} ms, p95 ${p(times, 0.95).toFixed(1)} ms`,
      target: `≤ ${TARGET_P95_MS} ms`,
      ok: p(times, 0.95) <= TARGET_P95_MS,
    },
    { name: 'crm: metrics page, 12 months + salesperson filter (30 loads)', value: `p50 ${p(wide, 0.5).toFixed(1)} ms, p95 ${p(wide, 0.95).toFixed(1)} ms` },
    { name: 'crm: metrics open deals counted = open deals of the company', value: `${openCounted} / ${open!.n}`, target: 'equal', ok: openCounted === open!.n },
    { name: "crm: metrics, the other company's deals unchanged", value: JSON.stringify(after) === JSON.stringify(before) ? 'unchanged' : 'changed', target: 'unchanged', ok: JSON.stringify(after) === JSON.stringify(before) },
  ];
}
