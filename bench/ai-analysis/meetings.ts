/**
 * ai-analysis rows that need the model (decision 0234), with the fake AI answering at once:
 * the platform's own overhead per analysis (queued → done, server-side timestamps) and 20
 * concurrent analyses charged exactly once each with the ledger summing to the balance.
 */
import { priceOf } from '@sede/shared/platform/prices';
import type { BenchContext, BenchRow } from '../types.ts';

const SAMPLES = Number(process.env.BENCH_AI_SAMPLES ?? 30);
const CONCURRENT = 20;
const TRANSCRIPT = ['[00:00:05] Marina: Vamos falar do orçamento.', '[00:00:10] Pedro: Temos R$ 20 mil para este trimestre.', '[00:00:20] Marina: Ótimo, envio a proposta amanhã.'].join('\n');

type Analysis = { id: string; status: string; created: Date; updated: Date };

export async function meetingAnalysisRows(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `ai.meetings.bench.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Reuniões Bench Ltda', extraCoins: 2000 });
  const [pipeline] = await ctx.sql<{ id: string }>(`INSERT INTO crm_pipelines (company_id, name) VALUES ($1, 'Funil') RETURNING id`, [companyId]);
  const [stage] = await ctx.sql<{ id: string }>(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, 'Proposta', 1, 50) RETURNING id`, [companyId, pipeline!.id]);
  const [deal] = await ctx.sql<{ id: string }>(`INSERT INTO deals (company_id, pipeline_id, stage_id, title) VALUES ($1, $2, $3, 'Negócio do bench') RETURNING id`, [companyId, pipeline!.id, stage!.id]);
  const headers = { cookie, origin: ctx.baseUrl };
  const post = async <T>(path: string, json: unknown): Promise<{ status: number; body: T & { error?: string } }> => {
    const res = await fetch(`${ctx.baseUrl}/api${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(json) });
    return { status: res.status, body: (await res.json()) as T & { error?: string } };
  };
  /** A meeting with its transcript uploaded: [meetingId, fileId]. */
  const meetingWithFile = async (n: number): Promise<[string, string]> => {
    const m = await post<{ id: string }>('/meetings', { dealId: deal!.id, title: `Reunião ${n}`, consent: true });
    if (m.status !== 201) throw new Error(`meeting ${m.status} ${m.body.error ?? ''}`);
    const up = await fetch(`${ctx.baseUrl}/api/files?entityType=meeting&entityId=${m.body.id}&kind=document`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('reuniao.txt') },
      body: new TextEncoder().encode(TRANSCRIPT),
    });
    const file = (await up.json()) as { id?: string; error?: string };
    if (up.status !== 201 || !file.id) throw new Error(`upload ${up.status} ${file.error ?? ''}`);
    return [m.body.id, file.id];
  };
  const start = async ([meetingId, fileId]: [string, string]) => {
    const res = await post<{ id: string }>(`/meetings/${meetingId}/analyses`, { fileId });
    if (res.status !== 202) throw new Error(`start ${res.status} ${res.body.error ?? ''}`);
    return res.body.id;
  };
  const finished = async (ids: string[], ms = 120_000): Promise<Analysis[]> => {
    const end = Date.now() + ms;
    for (;;) {
      // The job's end (after the charge committed), not the row's 'done' (written inside the paid work).
      const rows = await ctx.sql<Analysis>(
        'SELECT a.id, r.status, a.created_at AS created, r.updated_at AS updated FROM analyses a JOIN job_runs r ON r.id = a.job_run_id WHERE a.id = ANY($1::uuid[])',
        [ids],
      );
      if (rows.length === ids.length && rows.every((r) => r.status === 'done' || r.status === 'failed')) return rows;
      if (Date.now() > end) throw new Error('analyses did not finish');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const rows: BenchRow[] = [];

  // 1. Overhead per analysis, one after another; the fake model answers at once (< 1 ms), so the
  //    server-side span from the analysis row's creation to its job's end is the platform's own time (an upper bound).
  try {
    const one = await meetingWithFile(0);
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < SAMPLES + 3; i++) {
      const [a] = await finished([await start(one)]);
      if (a!.status !== 'done') failed++;
      if (i >= 3) times.push(new Date(a!.updated).getTime() - new Date(a!.created).getTime());
    }
    times.sort((x, y) => x - y);
    const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
    const p50 = times[Math.floor(times.length / 2)] ?? Number.NaN;
    rows.push({
      name: `platform overhead per analysis (queued → done, fake model), ${SAMPLES} runs p95`,
      value: failed ? `erro: ${failed} falharam` : `${p95.toFixed(0)} ms (p50 ${p50.toFixed(0)} ms)`,
      target: '≤ 200 ms',
      ok: !failed && p95 <= 200,
    });
  } catch (e) {
    rows.push({ name: 'platform overhead per analysis', value: `erro: ${(e as Error).message}`, target: '≤ 200 ms', ok: false });
  }

  // 2. 20 analyses started at once: exactly 20 × the price charged, the ledger sums to the balance.
  try {
    const price = priceOf('ai.meeting_analysis', 1);
    const pairs = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => meetingWithFile(i + 1)));
    const balance = async () => Number((await ctx.sql<{ b: number }>('SELECT currency_amount AS b FROM companies WHERE id = $1', [companyId]))[0]!.b);
    const before = await balance();
    const t0 = performance.now();
    const ids = await Promise.all(pairs.map(start));
    const done = await finished(ids);
    const wall = performance.now() - t0;
    const after = await balance();
    const [paid] = await ctx.sql<{ n: number; coins: number }>(
      `SELECT count(*)::int AS n, COALESCE(SUM(coins), 0)::int AS coins FROM paid_actions WHERE company_id = $1 AND action = 'ai.meeting_analysis' AND status = 'committed' AND reference = ANY($2::text[])`,
      [companyId, ids.map((id) => `analysis:${id}`)],
    );
    const [ledger] = await ctx.sql<{ sum: number }>('SELECT COALESCE(SUM(amount), 0)::int AS sum FROM coin_ledger WHERE company_id = $1', [companyId]);
    const allDone = done.every((a) => a.status === 'done');
    const ok = allDone && paid!.n === CONCURRENT && paid!.coins === CONCURRENT * price && before - after === CONCURRENT * price && ledger!.sum === after;
    rows.push({
      name: `${CONCURRENT} concurrent analyses: charged exactly ${CONCURRENT} × ${price} coins, ledger sum = balance`,
      value: `${paid!.n} charges, ${before - after} coins, ledger ${ledger!.sum} / balance ${after}${allDone ? '' : ` (${done.filter((a) => a.status !== 'done').length} failed)`}, ${(wall / 1000).toFixed(1)} s`,
      target: `${CONCURRENT * price} coins, sum = balance`,
      ok,
    });
  } catch (e) {
    rows.push({ name: `${CONCURRENT} concurrent analyses charged once each`, value: `erro: ${(e as Error).message}`, ok: false });
  }
  return rows;
}
