/**
 * npm run bench — see bench/README.md. Builds what is missing, measures what /auth loads,
 * starts the production server on loopback with a fresh DATA_DIR, load-tests the signed-in
 * bootstrap (/api/me) against a bare GET (/api/ping), times a restart, then runs every
 * bench/*.bench.ts plug-in. Exits 1 when a target is missed.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeNuvemshop } from '../apps/server/test/support/fake-nuvemshop.ts';
import { startFakeOpenAi } from '../apps/server/test/support/fake-openai.ts';
import { ensureBuilt, ROOT } from './lib/build.ts';
import { measureAuthInBrowser } from './lib/browser-size.ts';
import { measureAuthBundle } from './lib/bundle-size.ts';
import { signUpConfirmed, sqlClient } from './lib/client.ts';
import { combined, load } from './lib/load.ts';
import { freePort, freshDataDir, startProductionServer, type RunningProcess } from './lib/server.ts';
import { settle } from './lib/settle.ts';
import { printTable } from './lib/table.ts';
import type { BenchContext, BenchPlugin, BenchRow } from './types.ts';

const LIMITS = { authJsKb: 110, authUnusedJs: 0.25, meP99Ms: 20, meShareOfBare: 0.9, restartMs: 5000 };
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const PLUGIN_TIMEOUT_MS = Number(process.env.BENCH_PLUGIN_TIMEOUT_S ?? 180) * 1000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const int = (v: number) => Math.round(v).toLocaleString('en-US');

async function main() {
  const rows: BenchRow[] = [];
  const ownWebDist = Boolean(process.env.WEB_DIST);
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
  ensureBuilt(webDist, ownWebDist);

  // 1. What /auth loads.
  const size = measureAuthBundle(webDist);
  rows.push({ name: 'JS loaded by /auth (gzip -9)', value: `${kb(size.jsGzip)} (${size.source})`, target: `≤ ${LIMITS.authJsKb} KB`, ok: size.jsGzip <= LIMITS.authJsKb * 1024 });
  // A page hydrated when idle (decision 0758) loads the app then: not its first load, but its cost all the same.
  if (size.whenIdle.files) rows.push({ name: 'JS /auth loads once idle to hydrate (gzip -9)', value: `${kb(size.whenIdle.jsGzip)} in ${size.whenIdle.files} files` });
  rows.push({ name: 'CSS loaded by /auth (gzip)', value: kb(size.cssGzip) });
  for (const d of size.departments) {
    rows.push({ name: `own chunk: ${path.basename(d.page, '.tsx')}`, value: d.ownChunk ? d.file! : `no (${d.why})`, target: 'own lazy chunk', ok: d.ownChunk });
  }
  console.log('\n/auth JavaScript, largest first:');
  for (const f of size.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}${path.basename(f.file).startsWith('c-') ? `  (${f.name})` : ''}`);

  // 2. The production server, fresh DATA_DIR, loopback only.
  const dataDir = freshDataDir();
  const port = await freePort();
  const pgPort = await freePort();
  let server: RunningProcess | null = null;
  // The platform AI is the fake model answering at once (decision 0234), as in the integration tests.
  const fakeAi = await startFakeOpenAi();
  // And Nuvemshop is the fake store platform of the tests (bench/ecommerce.bench.ts).
  const fakeNuvemshop = await startFakeNuvemshop();
  const aiEnv = { AI_BASE_URL: fakeAi.baseUrl, AI_API_KEY: 'sk-bench', AI_MODEL: 'modelo-bench', ...fakeNuvemshop.env };
  // The embedded superuser's password is random, written to DATA_DIR/pg-password at start (read on connect).
  const db = sqlClient({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'sede', password: () => readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim() });
  try {
    server = await startProductionServer({ dataDir, port, pgPort, webDist, env: aiEnv });
    rows.push({ name: 'first start, fresh DATA_DIR (initdb, migrations)', value: ms(server.readyMs) });
    const baseUrl = server.baseUrl;

    // Cross-check in a browser: the manifest sum is the gate; a chunk fetched on the critical
    // path that the sum leaves out would make it lie, so that fails. Sizes on the wire (gzip
    // as streamed by the server) and idle prefetches are shown for information.
    const wire = await measureAuthInBrowser(baseUrl).catch((e: Error) => ({ skipped: e.message.split('\n')[0]! }));
    if ('skipped' in wire) rows.push({ name: 'JS fetched by /auth in Chromium', value: `skipped: ${wire.skipped}` });
    else {
      const sum = (list: Array<{ bytes: number }>) => list.reduce((t, f) => t + f.bytes, 0);
      const list = (l: Array<{ url: string; bytes: number }>) => l.map((f) => `${path.basename(f.url)} (${kb(f.bytes)})`).join(', ');
      const extra = wire.initial.filter((f) => !size.files.some((m) => f.url.endsWith(m.file)));
      rows.push({ name: 'JS /auth fetches before first idle, Chromium (wire)', value: `${kb(sum(wire.initial))} in ${wire.initial.length} files` });
      rows.push({ name: 'critical-path chunks beyond the manifest sum', value: extra.length ? list(extra) : 'none', target: 'none', ok: extra.length === 0 });
      const unused = wire.coverage.total ? wire.coverage.unused / wire.coverage.total : 0;
      rows.push({
        name: "unused JS of /auth's critical path, Chromium coverage",
        value: `${(unused * 100).toFixed(0)} % (${kb(wire.coverage.unused)} of ${kb(wire.coverage.total)} uncompressed; most: ${wire.coverage.files
          .slice(0, 3)
          .map((f) => `${path.basename(f.url)} ${kb(f.unused)}`)
          .join(', ')})`,
        target: `≤ ${LIMITS.authUnusedJs * 100} %`,
        ok: wire.coverage.total > 0 && unused <= LIMITS.authUnusedJs,
      });
      rows.push({
        name: 'JS /auth prefetches when idle, Chromium (wire)',
        value: wire.prefetched.length ? `${kb(sum(wire.prefetched))}: ${list(wire.prefetched)}` : 'none',
      });
    }

    // A signed-in person with a company and a membership (the shared seed): the full bootstrap.
    const email = `bench.${Date.now()}@exemplo.com.br`;
    const cookie = await signUpConfirmed(baseUrl, email);
    const company = { id: await db.seedCompany(email, { name: 'Bench Comércio Ltda', cnpj: '11222333000181', extraCoins: 70 }) };
    const meRes = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
    const me = (await meRes.json()) as { company?: { id: string }; permissions?: { role: string } };
    if (meRes.status !== 200 || me.company?.id !== company!.id || me.permissions?.role !== 'admin') {
      throw new Error(`/api/me is not the signed-in bootstrap: ${meRes.status} ${JSON.stringify(me).slice(0, 300)}`);
    }

    // 3. /api/me vs a bare GET, same server, same run (short warm-up first: JIT, caches).
    await load(`${baseUrl}/api/ping`, { connections: CONNECTIONS, duration: 2 });
    await load(`${baseUrl}/api/me`, { connections: CONNECTIONS, duration: 2, headers: { cookie } });
    // In alternating halves (bare, me, bare, me): a change in the machine's load weighs on both sides.
    const bareRuns = [];
    const bootRuns = [];
    for (let half = 0; half < 2; half++) {
      bareRuns.push(await load(`${baseUrl}/api/ping`, { connections: CONNECTIONS, duration: DURATION_S / 2 }));
      bootRuns.push(await load(`${baseUrl}/api/me`, { connections: CONNECTIONS, duration: DURATION_S / 2, headers: { cookie } }));
    }
    const bare = combined(bareRuns);
    const boot = combined(bootRuns);
    const share = boot.rps / bare.rps;
    const clean = (r: typeof bare) => (r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '');
    rows.push({ name: `GET /api/ping (bare), ${CONNECTIONS} conn, 2 × ${DURATION_S / 2} s`, value: `${int(bare.rps)} req/s, p99 ${ms(bare.p99)}${clean(bare)}`, ok: !bare.non2xx && !bare.errors });
    rows.push({ name: `GET /api/me (signed in), ${CONNECTIONS} conn, 2 × ${DURATION_S / 2} s alternating`, value: `${int(boot.rps)} req/s, p99 ${ms(boot.p99)}${clean(boot)}`, ok: !boot.non2xx && !boot.errors });
    rows.push({ name: '/api/me p99', value: ms(boot.p99), target: `≤ ${LIMITS.meP99Ms} ms`, ok: boot.p99 <= LIMITS.meP99Ms });
    rows.push({ name: '/api/me req/s ÷ bare GET req/s', value: `${(share * 100).toFixed(0)} %`, target: `≥ ${LIMITS.meShareOfBare * 100} %`, ok: share >= LIMITS.meShareOfBare });

    // 4. Restart on the initialised DATA_DIR: spawn → first 200 of /api/health (median of 3).
    const restarts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const code = await server.stop();
      server = null;
      if (code !== 0) rows.push({ name: `SIGTERM exit code (stop ${i + 1})`, value: String(code), target: '0', ok: false });
      // BENCH_RESTART_TIMEOUT_MS: a machine loaded by others may need longer than the default 30 s to answer.
      server = await startProductionServer({ dataDir, port, pgPort, webDist, env: aiEnv }, Number(process.env.BENCH_RESTART_TIMEOUT_MS ?? 30_000));
      restarts.push(server.readyMs);
    }
    const median = [...restarts].sort((x, y) => x - y)[1]!;
    rows.push({
      name: 'restart on an initialised DATA_DIR → /api/health 200 (median of 3)',
      value: `${ms(median)} (${restarts.map((r) => ms(r)).join(', ')})`,
      target: `≤ ${LIMITS.restartMs} ms`,
      ok: median <= LIMITS.restartMs,
    });

    // 5. Plug-ins: bench/*.bench.ts.
    const ctx: BenchContext = { baseUrl: server.baseUrl, dataDir, signUpConfirmed: (e, p) => signUpConfirmed(server!.baseUrl, e, p), sql: db.sql, db: db.db, seedCompany: db.seedCompany, fakeAi, fakeNuvemshop };
    // BENCH_PLUGINS=coins,platform runs only those plug-ins (while iterating).
    const only = process.env.BENCH_PLUGINS?.split(',').map((p) => p.trim()).filter(Boolean);
    const settling: string[] = [];
    for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts') && (!only?.length || only.includes(f.replace(/\.bench\.ts$/, '')))).sort()) {
      const mod = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as { default: BenchPlugin; timeoutSeconds?: number };
      const plugin = mod.default;
      // A plug-in whose work is long by design (hundreds of requests) says how long it may take.
      const timeoutMs = Math.max(PLUGIN_TIMEOUT_MS, (mod.timeoutSeconds ?? 0) * 1000);
      if (typeof plugin !== 'function') {
        rows.push({ name: file, value: 'no default export function', ok: false });
        continue;
      }
      const settled = await settle(db.sql);
      settling.push(`${file.replace(/\.bench\.ts$/, '')} ${(settled.ms / 1000).toFixed(1)} s${settled.busy ? ` (still: ${settled.busy})` : ''}`);
      console.log(`\nrunning ${file}...`);
      const timersBefore = openTimers();
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs)));
        const result = await Promise.race([plugin(ctx), timeout]);
        for (const row of result) rows.push({ ...row, name: `${file.replace(/\.bench\.ts$/, '')}: ${row.name}` });
      } catch (e) {
        rows.push({ name: file, value: `error: ${(e as Error).message}`, ok: false });
      } finally {
        clearTimeout(timer);
        const left = openTimers() - timersBefore;
        if (left > 0) console.warn(`bench: ${file} left ${left} timer(s) open`);
      }
    }
    if (settling.length) rows.push({ name: 'settled before each plug-in (checkpoint, autovacuum and due jobs done, ≤ 30 s)', value: settling.join(', ') });
  } catch (e) {
    if (server) console.error(server.log());
    throw e;
  } finally {
    await db.close().catch(() => {});
    await server?.stop();
    await fakeAi.close();
    await fakeNuvemshop.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  printTable(`Sede benchmark — Node ${process.version}, ${new Date().toISOString()}`, rows);
  const failed = rows.filter((r) => r.ok === false);
  console.log(failed.length ? `\n${failed.length} target(s) missed.` : '\nAll targets met.');
  process.exitCode = failed.length ? 1 : 0;
  // Something a plug-in left open (a socket, a timer) must not keep the command from ending: say what, then end.
  setTimeout(() => {
    console.warn(`bench: still open after the table (${process.getActiveResourcesInfo().join(', ')}); exiting.`);
    process.exit();
  }, 3000).unref();
}

const openTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

main().catch((e) => {
  console.error('bench failed:', e instanceof Error ? e.stack : e);
  process.exit(1);
});
