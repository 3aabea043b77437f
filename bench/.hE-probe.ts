import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { signUpConfirmed, sqlClient } from './lib/client.ts';
import { freePort, freshDataDir } from './lib/server.ts';

const port = await freePort(); const pgPort = await freePort(); const dataDir = freshDataDir();
const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), AUTH_RATE_LIMIT: 'off' };
delete env.DATABASE_URL;
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/hE/prof'] : []), '--import', 'tsx', 'apps/server/src/index.ts'], { cwd: '/work/main', env, stdio: ['ignore', 'ignore', 'inherit'] });
const baseUrl = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) { if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 100)); }
const db = sqlClient(`postgres://postgres:postgres@127.0.0.1:${pgPort}/sede`);
const email = `p.${Date.now()}@exemplo.com.br`;
const cookie = await signUpConfirmed(baseUrl, email);
const [c] = await db.sql<{ id: string }>("INSERT INTO companies (name, cnpj, currency_amount) VALUES ('x','12345678000199', 1000000) RETURNING id");
await db.sql(`INSERT INTO company_members (user_id, company_id, role) SELECT id, $1, 'admin' FROM "user" WHERE email = $2`, [c!.id, email]);
await db.sql('UPDATE profiles SET company_id = $1 WHERE email = $2', [c!.id, email]);
await new Promise((r) => setTimeout(r, 300));
const run = async (name: string, o: any) => { const r = await autocannon({ duration: 5, connections: Number(process.env.CONN ?? 10), ...o }); console.log(name, Math.round(r.requests.average), 'rps p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx); };
const debit = { url: `${baseUrl}/api/billing/coins/debit`, method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ amount: 1, reason: 'x' }) };
const pg = (await import('pg')).default;
const pool = new pg.Pool({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/sede`, max: 10 });
const SQLD = `WITH upd AS (UPDATE companies SET currency_amount = currency_amount - 1, updated_at = now() WHERE id = $1 AND currency_amount - 1 >= 0 RETURNING currency_amount)
 INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after) SELECT $1, -1, 'debit', 'x', null, currency_amount FROM upd RETURNING id`;
for (const conc of process.env.PROF ? [] : [1, 10]) {
  let n = 0; const t0 = Date.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() - t0 < 3000) { await pool.query(SQLD, [c!.id]); n++; } }));
  console.log('direct sql conc', conc, Math.round(n / 3), 'per s');
}
await pool.end();
await run('warm', { ...debit, duration: 2 });
for (const connections of [10, 10]) {
  await run(`summary c=${connections}`, { url: `${baseUrl}/api/billing/summary`, headers: { cookie }, connections });
  await run(`debit c=${connections}`, { ...debit, connections });
}
await db.close(); child.kill('SIGTERM');
