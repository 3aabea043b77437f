/**
 * The CRM board (decision 0151).
 *
 * Seeds, in bulk (SQL generate_series), 10,000 open deals in one pipeline of company A (5
 * stages, 1,000 organizations, 2,000 open activities) and 5,000 deals of company B, then:
 * 1. "crm: first board load p95": GET /api/crm/pipelines/:id/board (every column's first page
 *    of 30 cards with organization, owner and next activity, plus each column's count and sum),
 *    sequential, after a warm-up; target ≤ 100 ms.
 * 2. "crm: move p99": POST /api/crm/deals/:id/move between two neighbours of another column
 *    (fractional position, history row, live announcement), sequential; target ≤ 30 ms.
 * 3. "crm: other company's rows unchanged": a digest of company B's deals before and after.
 * BENCH_CRM_DEALS and BENCH_CRM_MOVES shrink it while iterating.
 */
import { sql } from 'drizzle-orm';
import { columnTotalsSql, firstPagesSql } from '../../apps/server/src/modules/crm-deals/queries.ts';
import { benchCompany, pct, timeBoardLoads, timeMoves } from '../lib/board.ts';
import type { BenchContext, BenchRow } from '../types.ts';

const DEALS = Number(process.env.BENCH_CRM_DEALS ?? 10_000);
const LOADS = 200;
const MOVES = Number(process.env.BENCH_CRM_MOVES ?? 300);
const TARGET_BOARD_P95 = 100;
const TARGET_MOVE_P99 = 30;

type Card = { id: string; stageId: string };
type Board = { pipeline: { id: string; stages: Array<{ id: string }> }; columns: Array<{ id: string; count: number; items: Card[] }> };

/** A signed-up admin of a new company with its default pipeline (the UI bench reuses it). */
export async function company(ctx: BenchContext, tag: string) {
  const { cookie, companyId, userId } = await benchCompany(ctx, `bench.crm.${tag}.${Date.now()}@exemplo.com.br`, `CRM ${tag} Ltda`);
  const res = await fetch(`${ctx.baseUrl}/api/crm/pipelines`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /api/crm/pipelines: ${res.status} ${await res.text()}`);
  const { pipelines } = (await res.json()) as { pipelines: Array<{ id: string; stages: Array<{ id: string }> }> };
  return { cookie, companyId, userId, pipeline: pipelines[0]! };
}

/** Bulk seed: organizations, deals spread over the stages, open activities on some deals. */
export async function seed(ctx: BenchContext, c: Awaited<ReturnType<typeof company>>, deals: number, activities: number) {
  const stages = c.pipeline.stages.map((s) => s.id);
  await ctx.sql(
    `INSERT INTO organizations (company_id, razao_social, nome_fantasia)
     SELECT $1, 'Organização ' || g || ' Ltda', CASE WHEN g % 3 = 0 THEN 'Loja ' || g END FROM generate_series(1, 1000) g`,
    [c.companyId],
  );
  await ctx.sql(
    `WITH orgs AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM organizations WHERE company_id = $1)
     INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, owner_id, organization_id, source, tags, position, created_by)
     SELECT $1, $2, ($3::uuid[])[1 + (g % array_length($3::uuid[], 1))], 'Negócio ' || g, (g * 7919) % 10000000, $4, orgs.id,
            (ARRAY['Site', 'Indicação', 'Evento'])[1 + g % 3], CASE WHEN g % 10 = 0 THEN ARRAY['quente'] ELSE '{}'::text[] END, g * 1024, $4
     FROM generate_series(1, $5::int) g JOIN orgs ON orgs.n = 1 + (g % 1000)`,
    [c.companyId, c.pipeline.id, stages, c.userId, deals],
  );
  await ctx.sql(
    `INSERT INTO tasks (company_id, title, kind, assignee_id, due_date, entity_type, entity_id, created_by)
     SELECT $1, 'Ligar ' || n, 'call', $2, current_date + (n % 30)::int, 'deal', id::text, $2
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM deals WHERE company_id = $1 LIMIT $3) d`,
    [c.companyId, c.userId, activities],
  );
}

const digest = (ctx: BenchContext, companyId: string) =>
  ctx
    .sql<{ d: string }>(
      `SELECT count(*) || ':' || COALESCE(sum(value_cents), 0) || ':' || md5(COALESCE(string_agg(id::text || stage_id::text || position::text || status || title, ',' ORDER BY id), '')) AS d FROM deals WHERE company_id = $1`,
      [companyId],
    )
    .then((r) => r[0]!.d);

export default async function crmBoard(ctx: BenchContext): Promise<BenchRow[]> {
  const a = await company(ctx, 'a');
  const b = await company(ctx, 'b');
  const t0 = performance.now();
  await seed(ctx, a, DEALS, 2000);
  await seed(ctx, b, Math.round(DEALS / 2), 500);
  await ctx.sql('ANALYZE deals; ANALYZE tasks; ANALYZE organizations');
  const seedMs = performance.now() - t0;
  const before = await digest(ctx, b.companyId);

  // 1. First board load.
  const { times: loads, board } = await timeBoardLoads<Board>(`${ctx.baseUrl}/api/crm/pipelines/${a.pipeline.id}/board?limit=30`, a.cookie, LOADS);
  const total = board.columns.reduce((n, c) => n + c.count, 0);
  if (total !== DEALS) throw new Error(`board counts ${total} deals, seeded ${DEALS}`);

  // 2. Moves: a random card of a column's first page to a random place of another column's first page.
  const { times: moves, refused } = await timeMoves(
    ctx,
    a.cookie,
    board.columns,
    MOVES,
    (id) => `${ctx.baseUrl}/api/crm/deals/${id}/move`,
    (stageId, prevId, nextId) => ({ stageId, prevId, nextId }),
  );
  const after = await digest(ctx, b.companyId);

  // The database's own time for the board's two statements (informative: separates SQL cost from HTTP and machine load).
  const q = { companyId: a.companyId, actorId: a.userId, pipelineId: a.pipeline.id, filters: {} };
  const explain = async (statement: ReturnType<typeof sql>) => {
    const res = await ctx.db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`);
    return (res.rows[0] as { 'QUERY PLAN': Array<{ 'Execution Time': number }> })['QUERY PLAN'][0]!['Execution Time'];
  };
  const pagesMs: number[] = [];
  const totalsMs: number[] = [];
  for (let i = 0; i < 20; i++) {
    pagesMs.push(await explain(firstPagesSql({ ...q, limit: 30 })));
    totalsMs.push(await explain(columnTotalsSql(q)));
  }
  const p95 = pct(loads, 95);
  const p99 = pct(moves, 99);
  return [
    { name: 'seed (deals, organizations, activities of 2 companies)', value: `${(DEALS * 1.5).toLocaleString('pt-BR')} deals in ${(seedMs / 1000).toFixed(1)} s` },
    { name: `first board load p95 (${DEALS.toLocaleString('pt-BR')} deals, 5 columns × 30 + totals)`, value: `${p95.toFixed(1)} ms (p50 ${pct(loads, 50).toFixed(1)})`, target: `≤ ${TARGET_BOARD_P95} ms`, ok: p95 <= TARGET_BOARD_P95 },
    { name: `move p99 (${MOVES} moves between columns)`, value: `${p99.toFixed(1)} ms (p50 ${pct(moves, 50).toFixed(1)}; ${refused} refused)`, target: `≤ ${TARGET_MOVE_P99} ms, 0 refused`, ok: p99 <= TARGET_MOVE_P99 && refused === 0 },
    { name: 'board SQL in PostgreSQL, median (first pages / totals)', value: `${pct(pagesMs, 50).toFixed(1)} ms / ${pct(totalsMs, 50).toFixed(1)} ms` },
    { name: 'machine load average (1 min) at the end', value: (await import('node:os')).loadavg()[0]!.toFixed(1) },
    { name: "other company's rows unchanged", value: before === after ? 'unchanged' : 'CHANGED', target: 'unchanged', ok: before === after },
  ];
}
