import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReceita } from '../../src/modules/prospecting/importer/generate.ts';
import { startFakeReceitaListing } from '../support/fake-receita-listing.ts';
import { freshDatabase, startTestServer, tempDataDir } from '../support/test-server.ts';

/**
 * `npm run receita:import` (decision 0417): it takes the listing address RECEITA_DATA_URL takes
 * (the newest month is imported), and beside a running server with an embedded PostgreSQL it
 * imports into that server's database without a hand-built DATABASE_URL.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLI = 'apps/server/src/modules/prospecting/receita-import.ts';
let dir: string;
let listing: Awaited<ReturnType<typeof startFakeReceitaListing>>;

/** Runs the CLI as an operator would, with only the given variables about databases and data. */
async function cli(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|PROSPECT_DATABASE_URL|DATA_DIR|RECEITA_DATA_URL)$/.test(k)));
  try {
    const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: { ...clean, NODE_ENV: 'test', ...env }, timeout: 180_000 });
    return { code: 0, stderr: out.stderr };
  } catch (e) {
    const err = e as { code?: number; stderr?: string };
    return { code: err.code ?? -1, stderr: err.stderr ?? String(e) };
  }
}
const importsOf = async (url: string) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const imports = await pool.query<{ source: string; establishments: string }>('SELECT source, establishments FROM rf_imports ORDER BY id');
    const runs = await pool.query<{ trigger: string; status: string }>('SELECT trigger, status FROM rf_refresh_runs ORDER BY id');
    return { imports: imports.rows.map((r) => ({ source: r.source, establishments: Number(r.establishments) })), runs: runs.rows };
  } finally {
    await pool.end();
  }
};

beforeAll(async () => {
  dir = tempDataDir('receita-cli-');
  await generateReceita(path.join(dir, 'meses', '2026-09'), { establishments: 15, seed: 5 });
  await generateReceita(path.join(dir, 'meses', '2026-10'), { establishments: 25, seed: 6 });
  listing = await startFakeReceitaListing({ dir: path.join(dir, 'meses') });
});
afterAll(async () => {
  await listing?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run receita:import', () => {
  it("takes the Receita's listing address and imports its newest month", async () => {
    const url = await freshDatabase();
    const out = await cli([listing.url], { DATABASE_URL: url });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain(`importando o mais recente, ${listing.url}2026-10/`);
    expect(await importsOf(url)).toEqual({ imports: [{ source: `${listing.url}2026-10/`, establishments: 25 }], runs: [{ trigger: 'cli', status: 'imported' }] });
    expect(listing.handler.requests).not.toContain('/dados/2026-09/Empresas0.zip');
  });

  it("beside a running server, imports into its embedded PostgreSQL without DATABASE_URL", async () => {
    const dataDir = tempDataDir('receita-cli-server-');
    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      const out = await cli([path.join(dir, 'meses', '2026-09')], { DATA_DIR: dataDir });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toContain('usando o PostgreSQL do servidor em execução');
      expect(await importsOf(server.databaseUrl)).toMatchObject({ imports: [{ establishments: 15 }], runs: [{ trigger: 'cli', status: 'imported' }] });
      // The server keeps serving the new data at once.
      const { rows } = await server.services.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rf_estabelecimentos');
      expect(rows[0]!.n).toBe(15);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
