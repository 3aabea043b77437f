/**
 * The public API (decisions 0640–0644), rows named "api: …".
 *
 * Seeds 2,000 deals in one company, makes a key holding `crm.read` (its per-minute limit raised
 * so the load measures the API, not the 429), then, with 50 connections each, after a warm-up:
 * 1. "api: GET /api/v1/deals p99 (key)": the key's list of 50 deals; target ≤ 25 ms.
 * 2. "api: key vs session throughput": that list's requests per second over the signed-in app's
 *    own list (GET /api/crm/deals, the same service and page), measured in alternating halves;
 *    target ≥ 0.8×. BENCH_DURATION (seconds, default 10) is each measure's length.
 * Both lists are kept in memory while the company's data is unchanged (decision 0771): rows 1–2
 * measure an unchanged list asked again and again. What computing the list costs is row 3:
 * 3. "api: GET /api/v1/deals, every call computed": the same key and page, each call with an
 *    `updated_since` of its own (an instant in 2000, before every deal: the same 50 deals), so no
 *    call finds its answer kept — the list's statement, its rows, its JSON and a kept entry each time.
 * 4. "api: GET /api/v1/deals?fields=<the app's card>": the key's list cut to the fields of the
 *    app's card (the same bytes as the session's page, ~15 KB against ~22.5 KB), measured in the
 *    same alternating halves: what the key's own per-call duties cost once the answer's size is the same.
 * `LIST_CACHE_MB=0` runs the server with the memory off (every row computed).
 */
import { benchCompany } from './lib/board.ts';
import { load, type LoadResult } from './lib/load.ts';
import type { BenchContext, BenchRow } from './types.ts';

const DEALS = 2000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P99_MS = 25;
const TARGET_SHARE = 0.8;

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const int = (v: number) => Math.round(v).toLocaleString('en-US');

function merged(parts: LoadResult[]): LoadResult {
  const total = parts.reduce((n, p) => n + p.total, 0);
  return {
    rps: parts.reduce((n, p) => n + p.rps, 0) / parts.length,
    p50: Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    total,
    non2xx: parts.reduce((n, p) => n + p.non2xx, 0),
    errors: parts.reduce((n, p) => n + p.errors, 0),
  };
}

export default async function apiBench(ctx: BenchContext): Promise<BenchRow[]> {
  const { cookie, companyId, userId } = await benchCompany(ctx, `bench.api.${Date.now()}@exemplo.com.br`, 'API Bench Ltda');
  // The board's first opening makes the company's default pipeline (decision 0150).
  const opened = await fetch(`${ctx.baseUrl}/api/crm/pipelines`, { headers: { cookie } });
  if (opened.status !== 200) throw new Error(`GET /api/crm/pipelines: ${opened.status} ${await opened.text()}`);
  const [pipeline] = await ctx.sql<{ id: string; stages: string[] }>(
    `SELECT p.id, array_agg(s.id ORDER BY s.position) AS stages FROM crm_pipelines p JOIN crm_stages s ON s.pipeline_id = p.id WHERE p.company_id = $1 GROUP BY p.id LIMIT 1`,
    [companyId],
  );
  await ctx.sql(
    `INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, owner_id, position, created_by)
     SELECT $1, $2, ($3::uuid[])[1 + (g % array_length($3::uuid[], 1))], 'Negócio ' || g, g * 100, $4, g * 1024, $4 FROM generate_series(1, $5::int) g`,
    [companyId, pipeline!.id, pipeline!.stages, userId, DEALS],
  );
  await ctx.sql('ANALYZE deals');
  const made = await fetch(`${ctx.baseUrl}/api/api-keys`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', permissions: ['crm.read'] }) });
  if (made.status !== 201) throw new Error(`POST /api/api-keys: ${made.status} ${await made.text()}`);
  const { key, secret } = (await made.json()) as { key: { id: string }; secret: string };
  await ctx.sql('UPDATE api_keys SET rate_limit_per_minute = 100000000 WHERE id = $1', [key.id]);

  const withKey = () => load(`${ctx.baseUrl}/api/v1/deals?limit=50`, { headers: { authorization: `Bearer ${secret}` }, duration: DURATION_S / 2 });
  const withSession = () => load(`${ctx.baseUrl}/api/crm/deals?limit=50&status=all`, { headers: { cookie }, duration: DURATION_S / 2 });
  // Warm-up (caches, the prepared key lookup, JIT), then alternating halves so the machine's load hits both alike.
  await load(`${ctx.baseUrl}/api/v1/deals?limit=50`, { headers: { authorization: `Bearer ${secret}` }, duration: 2 });
  await load(`${ctx.baseUrl}/api/crm/deals?limit=50&status=all`, { headers: { cookie }, duration: 2 });
  const cardFields = 'title,valueCents,stageId,position,organizationName,ownerId,ownerName,tags,nextActivity,status';
  const withKeyCard = () => load(`${ctx.baseUrl}/api/v1/deals?limit=50&fields=${cardFields}`, { headers: { authorization: `Bearer ${secret}` }, duration: DURATION_S / 2 });
  const keyParts: LoadResult[] = [];
  const sessionParts: LoadResult[] = [];
  const cardParts: LoadResult[] = [];
  for (let i = 0; i < 2; i++) {
    sessionParts.push(await withSession());
    keyParts.push(await withKey());
    cardParts.push(await withKeyCard());
  }
  const sameBytes = merged(cardParts);
  // Every call its own query: nothing is served from memory.
  let n = 0;
  const since = () => new Date(Date.UTC(2000, 0, 1) + n++).toISOString();
  const computed = merged([
    await load(`${ctx.baseUrl}/api/v1/deals?limit=50`, { headers: { authorization: `Bearer ${secret}` }, duration: DURATION_S / 2, path: () => `/api/v1/deals?limit=50&updated_since=${since()}` }),
  ]);
  const k = merged(keyParts);
  const s = merged(sessionParts);
  const share = k.rps / s.rps;
  const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0;
  return [
    {
      name: 'GET /api/v1/deals p99 (key, 50 connections)',
      value: `${ms(k.p99)} (p50 ${ms(k.p50)}, ${int(k.rps)} req/s, ${k.non2xx} non-2xx)`,
      target: `≤ ${TARGET_P99_MS} ms`,
      ok: k.p99 <= TARGET_P99_MS && clean(k),
    },
    { name: 'GET /api/crm/deals (session, 50 connections)', value: `p99 ${ms(s.p99)}, ${int(s.rps)} req/s, ${s.non2xx} non-2xx` },
    { name: 'key vs session throughput', value: `${share.toFixed(2)}×`, target: `≥ ${TARGET_SHARE}×`, ok: share >= TARGET_SHARE && clean(k) && clean(s) },
    { name: "GET /api/v1/deals?fields=<the app's card> (key, the session's bytes)", value: `p99 ${ms(sameBytes.p99)}, ${int(sameBytes.rps)} req/s (${(sameBytes.rps / s.rps).toFixed(2)}× the session's), ${sameBytes.non2xx} non-2xx` },
    { name: 'GET /api/v1/deals, every call computed (key, 50 connections)', value: `p99 ${ms(computed.p99)} (p50 ${ms(computed.p50)}, ${int(computed.rps)} req/s, ${computed.non2xx} non-2xx)` },
  ];
}
