import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { DeepSearchResult } from '@sede/shared/prospecting/deep-search';
import type { ProspectSearchResult, ProspectStatus } from '@sede/shared/prospecting/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importReceita } from '../../src/modules/prospecting/importer/import.ts';
import { rfPool } from '../../src/modules/prospecting/rf-pool.ts';
import { REL, relationsFolder } from '../support/receita-relations.ts';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person } from '../team/support.ts';

/** PROSPECT_DATABASE_URL (decision 0242): the open data on a second database of the run's PostgreSQL. */
let server: TestServer;
let admin: Person;
let prospectUrl: string;
let dir: string;

async function emptyDatabase(): Promise<string> {
  const url = new URL(inject('pgAdminUrl'));
  const name = `p_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

const count = async (url: string, table: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  prospectUrl = await emptyDatabase();
  server = await startTestServer({ PROSPECT_DATABASE_URL: prospectUrl });
  admin = (await createCompanyWithAdmin(server, 'Base Própria Ltda')).admin;
  dir = tempDataDir('receita-own-db-');
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('PROSPECT_DATABASE_URL', () => {
  it('the server creates the rf_* tables there at start (an empty database gets the migrations)', async () => {
    expect(await count(prospectUrl, 'rf_estabelecimentos')).toBe(0);
    expect(await count(prospectUrl, 'rf_imports')).toBe(0);
    expect(rfPool(server.services)).not.toBe(server.services.pool);
    expect(rfPool(server.services)).toBe(rfPool(server.services)); // one pool per server
  });

  it('the import writes there, and searches, records and deep search read from there', async () => {
    await importReceita(rfPool(server.services), await relationsFolder(dir), { log: () => undefined });
    expect(await count(prospectUrl, 'rf_estabelecimentos')).toBe(65);
    expect(await count(server.services.cfg.DATABASE_URL!, 'rf_estabelecimentos')).toBe(0);
    expect(await count(server.services.cfg.DATABASE_URL!, 'rf_imports')).toBe(0);

    const get = async <T>(p: string) => {
      const res = await server.request(`/api/prospecting${p}`, { jar: admin.jar });
      expect(res.status, p).toBe(200);
      return (await res.json()) as T;
    };
    expect(await get<ProspectStatus>('/status')).toMatchObject({ imported: true, establishments: 65 });
    expect((await get<ProspectSearchResult>('/search?uf=RJ')).rows.map((r) => r.cnpj)).toEqual([REL.alfaFilial]);
    expect(await get(`/companies/${REL.alfa}`)).toMatchObject({ razaoSocial: 'ALFA COMERCIO LTDA' });
    const graph = await get<DeepSearchResult>(`/deep-search/${REL.alfa}`);
    expect(graph.relations.find((g) => g.kind === 'socios')!.items.map((i) => i.cnpj)).toEqual([REL.beta]);
  });

  it('the pool is closed with the server', async () => {
    const pool = rfPool(server.services);
    await server.stop();
    expect(pool.ended).toBe(true);
    server = undefined as unknown as TestServer;
  });
});
