/**
 * campaigns: the benchmark rows (decision 0252). (1) 10,000 recipients sent by the production server to
 * a local SMTP server (the `smtp-server` package, counting deliveries) through a company's own
 * SMTP at its maximum rate: target ≥ 200 messages/s and each recipient delivered once. (2) kill -9
 * of a sending server at ~50 %: two server processes of the production build share a database of
 * their own on the bench's PostgreSQL; the first is killed with SIGKILL mid-campaign, the second
 * resumes it; target 0 duplicates, every recipient sent or 'incerto'.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startTestSmtp, type TestSmtp } from '../apps/server/test/support/smtp-server.ts';
import { signUpConfirmed, sqlClient } from './lib/client.ts';
import { ROOT } from './lib/build.ts';
import { freePort, freshDataDir } from './lib/server.ts';
import type { BenchContext, BenchRow } from './types.ts';
import { SERVER_NODE_ARGS } from '../scripts/lib/server-node-args.mjs';

const N = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
const KILL_N = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(base: string, path: string, cookie: string, method = 'GET', json?: unknown) {
  const res = await fetch(`${base}${path}`, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
  const body = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A company with a list of `n` people (legal basis and e-mail), its own SMTP, and a campaign to the list. */
async function prepare(base: string, sql: (q: string, p?: unknown[]) => Promise<any[]>, cookie: string, companyId: string, smtp: TestSmtp, n: number, tag: string) {
  await call(base, '/api/campaigns/sender', cookie, 'PUT', { fromName: 'Bench', ratePerSecond: 500, smtp: { host: '127.0.0.1', port: smtp.port, secure: false, fromEmail: 'envios@bench.com.br' } });
  const list = await call(base, '/api/crm-contacts/lists', cookie, 'POST', { name: `Bench ${tag}` });
  await sql(
    `WITH p AS (INSERT INTO people (company_id, name, emails, legal_basis)
                SELECT $1, 'Pessoa ' || i, ARRAY['p' || i || '.${tag}@exemplo.com.br'], 'consentimento' FROM generate_series(1, $3::int) i RETURNING id)
     INSERT INTO crm_list_members (company_id, list_id, person_id) SELECT $1, $2, id FROM p`,
    [companyId, list.id, n],
  );
  const campaign = await call(base, '/api/campaigns', cookie, 'POST', { name: `Bench ${tag}`, listId: list.id, subject: 'Olá {{primeiro_nome}}', html: '<p>Oi {{nome}}, <a href="https://exemplo.com.br">veja</a></p>' });
  return campaign.id as string;
}

async function throughput(ctx: BenchContext): Promise<BenchRow[]> {
  const smtp = await startTestSmtp({ parse: false });
  try {
    const email = `bench.campaigns.${Date.now()}@exemplo.com.br`;
    const cookie = await ctx.signUpConfirmed(email);
    const companyId = await ctx.seedCompany(email, { name: 'Bench Campanhas' });
    const id = await prepare(ctx.baseUrl, ctx.sql, cookie, companyId, smtp, N, 'tp');
    const t0 = performance.now();
    await call(ctx.baseUrl, `/api/campaigns/${id}/send`, cookie, 'POST', {});
    let first = 0;
    let status = '';
    const deadline = Date.now() + 300_000;
    while (status !== 'sent' && Date.now() < deadline) {
      if (!first && smtp.deliveries.length) first = performance.now();
      status = (await ctx.sql<{ status: string }>('SELECT status FROM campaigns WHERE id = $1', [id]))[0]!.status;
      if (status !== 'sent') await sleep(100);
    }
    const total = (performance.now() - t0) / 1000;
    const counts = smtp.countByRecipient();
    const dup = [...counts.values()].filter((c) => c > 1).length;
    const rate = smtp.deliveries.length / total;
    return [
      {
        name: `${N.toLocaleString('en')} recipients to the local SMTP server (own SMTP, pooled, rate 500/s)`,
        value: `${rate.toFixed(0)} messages/s (${smtp.deliveries.length} delivered in ${total.toFixed(1)} s from the send request, first after ${((first - t0) / 1000).toFixed(2)} s; ${dup} duplicates; status ${status})`,
        target: '≥ 200 messages/s, each once',
        ok: status === 'sent' && rate >= 200 && dup === 0 && smtp.deliveries.length === N,
      },
    ];
  } finally {
    await smtp.close();
  }
}

function spawnDist(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/dist/index.js'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', AUTH_RATE_LIMIT: 'off', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return { child, exited, log: () => log };
}

async function healthy(base: string, p: ReturnType<typeof spawnDist>) {
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return;
    if (p.child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`${base} did not become healthy: ${p.log().slice(-500)}`);
}

async function killAtHalf(ctx: BenchContext): Promise<BenchRow[]> {
  const o = ctx.db.$client.options as { connectionString?: string; host?: string; port?: number; user?: string; password?: string | (() => string) };
  const dbName = `bench_campaigns_${Date.now().toString(36)}`;
  await ctx.sql(`CREATE DATABASE ${dbName}`);
  // The bench's embedded PostgreSQL: its password is in DATA_DIR/pg-password (bench/run.ts).
  const password = typeof o.password === 'function' ? await (o.password as () => string | Promise<string>)() : (o.password ?? readFileSync(path.join(ctx.dataDir, 'pg-password'), 'utf8').trim());
  const u = new URL(o.connectionString ?? `postgres://${encodeURIComponent(o.user ?? 'postgres')}:${encodeURIComponent(password)}@${o.host ?? '127.0.0.1'}:${o.port}/x`);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const dataDir = freshDataDir();
  const smtp = await startTestSmtp({ parse: false });
  const own = sqlClient(url);
  const procs: Array<ReturnType<typeof spawnDist>> = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), APP_URL: base, CAMPAIGN_LEASE_MS: '3000', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123' };
    const a = spawnDist(env);
    procs.push(a);
    await healthy(base, a);
    const email = `bench.kill.${Date.now()}@exemplo.com.br`;
    const cookie = await signUpConfirmed(base, email);
    const companyId = await own.seedCompany(email, { name: 'Bench Durável' });
    const id = await prepare(base, own.sql, cookie, companyId, smtp, KILL_N, 'kill');
    await call(base, `/api/campaigns/${id}/send`, cookie, 'POST', {});
    while (smtp.deliveries.length < KILL_N / 2 && a.child.exitCode === null) await sleep(5);
    a.child.kill('SIGKILL');
    await a.exited;
    const atKill = smtp.deliveries.length;
    const t0 = performance.now();
    const b = spawnDist(env);
    procs.push(b);
    await healthy(base, b);
    let status = '';
    for (let i = 0; i < 1200 && status !== 'sent'; i++) {
      status = (await own.sql<{ status: string }>('SELECT status FROM campaigns WHERE id = $1', [id]))[0]!.status;
      if (status !== 'sent') await sleep(100);
    }
    const resumed = (performance.now() - t0) / 1000;
    const rows = await own.sql<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1 GROUP BY status', [id]);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
    const counts = smtp.countByRecipient();
    const dup = [...counts.values()].filter((c) => c > 1).length;
    b.child.kill('SIGTERM');
    await b.exited;
    return [
      {
        name: `kill -9 of the sending server at ~50 % of ${KILL_N.toLocaleString('en')} recipients, resumed by a new process`,
        value: `${dup} duplicates; ${atKill} delivered at the kill, ${smtp.deliveries.length} in all; sent ${by.sent ?? 0}, incerto ${by.uncertain ?? 0} (claimed when killed, not resent); finished ${resumed.toFixed(1)} s after the restart (lease 3 s); status ${status}`,
        target: '0 duplicates, every recipient sent or incerto',
        ok: dup === 0 && status === 'sent' && (by.sent ?? 0) + (by.uncertain ?? 0) === KILL_N && atKill < KILL_N,
      },
    ];
  } finally {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await own.close();
    await smtp.close();
    await ctx.sql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function campaignsBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, part] of [
    ['throughput', throughput],
    ['kill -9', killAtHalf],
  ] as const) {
    try {
      rows.push(...(await part(ctx)));
    } catch (e) {
      rows.push({ name: `${name}: error`, value: e instanceof Error ? e.message : String(e), ok: false });
    }
  }
  return rows;
}
