/**
 * Projects (decision 0270), rows named "projects: …".
 *
 * Seeds, in bulk (SQL generate_series), a project of 5,000 tasks on 4 columns (platform `tasks`
 * rows + their `project_tasks` board rows, with assignees, labels and checklists) in company A
 * and a project of 2,500 tasks in company B, then:
 * 1. "board load p95": GET /api/projects/:id/board?limit=50 (the project with its progress, each
 *    column's count and first 50 cards, the labels in use), sequential after a warm-up; ≤ 100 ms.
 * 2. "move p99": POST /api/projects/tasks/:id/move between two neighbours of another column
 *    (fractional position, done flag of the platform task, live announcement); ≤ 30 ms.
 * 3. "other company's rows unchanged": a digest of company B's board before and after.
 * BENCH_PROJECT_TASKS and BENCH_PROJECT_MOVES shrink it while iterating.
 */
import { board as boardService } from '../apps/server/src/modules/projects/service.ts';
import { benchCompany, pct, timeBoardLoads, timeMoves } from './lib/board.ts';
import type { BenchContext, BenchRow } from './types.ts';

const TASKS = Number(process.env.BENCH_PROJECT_TASKS ?? 5000);
const LOADS = 200;
const MOVES = Number(process.env.BENCH_PROJECT_MOVES ?? 300);
const TARGET_BOARD_P95 = 100;
const TARGET_MOVE_P99 = 30;

type Board = { project: { taskCount: number }; columns: Array<{ id: string; count: number; items: Array<{ id: string }> }> };

async function company(ctx: BenchContext, tag: string) {
  const { cookie, companyId, userId } = await benchCompany(ctx, `bench.projects.${tag}.${Date.now()}@exemplo.com.br`, `Projetos ${tag} Ltda`);
  const res = await fetch(`${ctx.baseUrl}/api/projects`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: ctx.baseUrl },
    body: JSON.stringify({ name: `Projeto grande ${tag}` }),
  });
  if (res.status !== 201) throw new Error(`POST /api/projects: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { cookie, companyId, userId, projectId: id };
}

/** Bulk seed: platform tasks linked to the project and their board rows spread over the columns. */
async function seed(ctx: BenchContext, c: Awaited<ReturnType<typeof company>>, n: number) {
  await ctx.sql(
    `WITH cols AS (SELECT array_agg(id ORDER BY position) AS ids FROM project_columns WHERE project_id = $2),
     t AS (
       INSERT INTO tasks (company_id, title, kind, assignee_id, due_date, entity_type, entity_id, created_by, created_at, done_at)
       SELECT $1, 'Tarefa ' || g, 'task', CASE WHEN g % 3 = 0 THEN $3 END, CASE WHEN g % 4 = 0 THEN current_date + (g % 40 - 20) END,
              'project', $2::text, $3, now() - ((g % 60) || ' days')::interval, CASE WHEN g % 4 = 3 THEN now() - ((g % 20) || ' days')::interval END
       FROM generate_series(1, $4::int) g
       RETURNING id, (regexp_replace(title, '\\D', '', 'g'))::int AS g
     )
     INSERT INTO project_tasks (task_id, company_id, project_id, column_id, position, priority, labels, checklist, assignee_ids)
     SELECT t.id, $1, $2, cols.ids[1 + t.g % 4], t.g * 1024, (ARRAY['baixa','media','alta','urgente'])[1 + t.g % 4],
            CASE WHEN t.g % 5 = 0 THEN ARRAY['site'] ELSE '{}'::text[] END,
            CASE WHEN t.g % 7 = 0 THEN '[{"id":"1","text":"Revisar","done":true},{"id":"2","text":"Enviar","done":false}]'::jsonb ELSE '[]'::jsonb END,
            CASE WHEN t.g % 3 = 0 THEN ARRAY[$3] ELSE '{}'::text[] END
     FROM t, cols`,
    [c.companyId, c.projectId, c.userId, n],
  );
}

const digest = (ctx: BenchContext, companyId: string) =>
  ctx
    .sql<{ d: string }>(
      `SELECT count(*) || ':' || md5(COALESCE(string_agg(pt.task_id::text || pt.column_id::text || pt.position::text || COALESCE(t.done_at::text, ''), ',' ORDER BY pt.task_id), '')) AS d
       FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id WHERE pt.company_id = $1`,
      [companyId],
    )
    .then((r) => r[0]!.d);

export default async function projectsBench(ctx: BenchContext): Promise<BenchRow[]> {
  const a = await company(ctx, 'a');
  const b = await company(ctx, 'b');
  const t0 = performance.now();
  await seed(ctx, a, TASKS);
  await seed(ctx, b, Math.round(TASKS / 2));
  await ctx.sql('ANALYZE tasks; ANALYZE project_tasks; ANALYZE project_columns');
  const seedMs = performance.now() - t0;
  const before = await digest(ctx, b.companyId);

  const { times: loads, board } = await timeBoardLoads<Board>(`${ctx.baseUrl}/api/projects/${a.projectId}/board?limit=50`, a.cookie, LOADS);
  const total = board.columns.reduce((n, c) => n + c.count, 0);
  if (total !== TASKS) throw new Error(`board counts ${total} tasks, seeded ${TASKS}`);

  const { times: moves, refused } = await timeMoves(
    ctx,
    a.cookie,
    board.columns,
    MOVES,
    (id) => `${ctx.baseUrl}/api/projects/tasks/${id}/move`,
    (columnId, prevId, nextId) => ({ columnId, prevId, nextId }),
  );
  const after = await digest(ctx, b.companyId);
  // The same board built in this process straight on the database (informative: separates the
  // service's SQL and JSON work from HTTP, the server's event loop and the machine's load).
  const tenant = { db: ctx.db, companyId: a.companyId, actorId: a.userId };
  const direct: number[] = [];
  for (let i = 0; i < 50; i++) {
    const s = performance.now();
    await boardService(tenant, a.projectId, {}, 50);
    direct.push(performance.now() - s);
  }
  const p95 = pct(loads, 95);
  const p99 = pct(moves, 99);
  return [
    { name: 'seed (tasks of 2 companies)', value: `${Math.round(TASKS * 1.5).toLocaleString('pt-BR')} tasks in ${(seedMs / 1000).toFixed(1)} s` },
    { name: `board load p95 (${TASKS.toLocaleString('pt-BR')} tasks, 4 columns × 50)`, value: `${p95.toFixed(1)} ms (p50 ${pct(loads, 50).toFixed(1)})`, target: `≤ ${TARGET_BOARD_P95} ms`, ok: p95 <= TARGET_BOARD_P95 },
    { name: `move p99 (${MOVES} moves between columns)`, value: `${p99.toFixed(1)} ms (p50 ${pct(moves, 50).toFixed(1)}; ${refused} refused)`, target: `≤ ${TARGET_MOVE_P99} ms, 0 refused`, ok: p99 <= TARGET_MOVE_P99 && refused === 0 },
    { name: 'board built in-process on the database, p50 / p95', value: `${pct(direct, 50).toFixed(1)} ms / ${pct(direct, 95).toFixed(1)} ms` },
    { name: 'machine load average (1 min) at the end', value: (await import('node:os')).loadavg()[0]!.toFixed(1) },
    { name: "other company's rows unchanged", value: before === after ? 'unchanged' : 'CHANGED', target: 'unchanged', ok: before === after },
  ];
}
