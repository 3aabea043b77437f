import fs from 'node:fs';
import type { DeepSearchResult, RelationKind } from '@sede/shared/prospecting/deep-search';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReceita } from '../../src/modules/prospecting/importer/import.ts';
import { REL, cnpjOf, relationsFolder } from '../support/receita-relations.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, uniqueEmail, type Person } from '../team/support.ts';

let server: TestServer;
let member: Person;
let otherCompanyAdmin: Person;
let noCompany: Person;
let dir: string;

const get = async <T = DeepSearchResult>(cnpj: string, who: Person = member) => {
  const res = await server.request(`/api/prospecting/deep-search/${encodeURIComponent(cnpj)}`, { jar: who.jar });
  return { status: res.status, body: (await res.json()) as T & { error?: string; code?: string } };
};
const kind = (r: DeepSearchResult, k: RelationKind) => r.relations.find((g) => g.kind === k)!;
const cnpjsOf = (r: DeepSearchResult, k: RelationKind) => kind(r, k).items.map((i) => i.cnpj);

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Relações Alfa Ltda');
  member = await memberOf(server, a.companyId, 'rh');
  otherCompanyAdmin = (await createCompanyWithAdmin(server, 'Relações Beta Ltda')).admin;
  noCompany = await createConfirmedUser(server, { email: uniqueEmail('solo-rel') });
  dir = tempDataDir('receita-rel-');
  await importReceita(server.services.pool, await relationsFolder(dir), { log: () => undefined });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/prospecting/deep-search/:cnpj', () => {
  it('the center and its four kinds of relations', async () => {
    const { status, body } = await get(REL.alfa);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.center).toMatchObject({ cnpj: REL.alfa, razaoSocial: 'ALFA COMERCIO LTDA', nomeFantasia: 'ALFA', matriz: true, situacao: '02', uf: 'SP' });
    expect(body.relations.map((g) => g.kind)).toEqual(['raiz', 'socios', 'telefone', 'endereco']);
  });

  it('raiz: the other establishments of the same root CNPJ', async () => {
    const { body } = await get(REL.alfa);
    expect(kind(body, 'raiz')).toMatchObject({ total: 1, totalExact: true, items: [{ cnpj: REL.alfaFilial, matriz: false, razaoSocial: 'ALFA COMERCIO LTDA' }] });
    expect(cnpjsOf((await get(REL.alfaFilial)).body, 'raiz')).toEqual([REL.alfa]);
  });

  it('socios: the same name AND the same masked document; never the name alone', async () => {
    const { body } = await get(REL.alfa);
    // GAMA has an ANA PARCEIRA with another CPF; DELTA a JOSE SEM DOC without a document.
    expect(kind(body, 'socios').items).toEqual([expect.objectContaining({ cnpj: REL.beta, via: 'ANA PARCEIRA' })]);
    expect(cnpjsOf((await get(REL.beta)).body, 'socios')).toEqual([REL.alfa]);
    expect(cnpjsOf((await get(REL.gama)).body, 'socios')).toEqual([]);
    expect(cnpjsOf((await get(REL.delta)).body, 'socios')).toEqual([]);
  });

  it('telefone: the same DDD + number in either phone column, shown masked', async () => {
    const { body } = await get(REL.alfa);
    expect(kind(body, 'telefone').items).toEqual([expect.objectContaining({ cnpj: REL.beta, via: '(11) ****-0001' })]);
    expect(cnpjsOf((await get(REL.beta)).body, 'telefone')).toEqual([REL.alfa]);
    expect(JSON.stringify(body)).not.toContain('30000001');
  });

  it('endereco: CEP + street + number with spaces normalized; S/N never matches', async () => {
    const { body } = await get(REL.alfa);
    expect(kind(body, 'endereco').items).toEqual([expect.objectContaining({ cnpj: REL.gama, via: 'RUA DAS FLORES, 10 · CEP 01000-000' })]);
    expect(cnpjsOf((await get(REL.gama)).body, 'endereco')).toEqual([REL.alfa]);
    expect(cnpjsOf((await get(REL.delta)).body, 'endereco')).toEqual([]);
  });

  it('caps each kind at 50 and counts the rest', async () => {
    const { body } = await get(REL.omega);
    const raiz = kind(body, 'raiz');
    expect(raiz.items).toHaveLength(50);
    expect(raiz).toMatchObject({ total: 59, totalExact: true });
    expect(raiz.items[0]!.cnpj).toBe(cnpjOf('55555555', 2));
  });

  it('masked or lower-case input; an unknown or malformed CNPJ is 404', async () => {
    const masked = `${REL.alfa.slice(0, 2)}.${REL.alfa.slice(2, 5)}.${REL.alfa.slice(5, 8)}/${REL.alfa.slice(8, 12)}-${REL.alfa.slice(12)}`;
    expect((await get(masked)).status).toBe(200);
    const unknown = await get(cnpjOf('99999999', 1));
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await get('abc')).status).toBe(404);
    expect((await get("1'; DROP TABLE rf_socios; --")).status).toBe(404);
  });

  it('a statement timeout is a 400 with a clear message, never a 500', async () => {
    const locker = new pg.Client({ connectionString: server.services.cfg.DATABASE_URL });
    await locker.connect();
    const before = process.env.PROSPECTING_STATEMENT_TIMEOUT_MS;
    try {
      await locker.query('BEGIN; LOCK TABLE rf_socios IN ACCESS EXCLUSIVE MODE');
      process.env.PROSPECTING_STATEMENT_TIMEOUT_MS = '300';
      const res = await get(REL.alfa);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'SEARCH_TIMEOUT', error: expect.stringContaining('demorou demais') });
    } finally {
      process.env.PROSPECTING_STATEMENT_TIMEOUT_MS = before;
      if (before === undefined) delete process.env.PROSPECTING_STATEMENT_TIMEOUT_MS;
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await get(REL.alfa)).status).toBe(200);
  });

  it('reference data: any member of any company reads it; anonymous 401; without a company 403', async () => {
    expect((await server.request(`/api/prospecting/deep-search/${REL.alfa}`)).status).toBe(401);
    expect((await get(REL.alfa, noCompany)).status).toBe(403);
    const other = await get(REL.alfa, otherCompanyAdmin);
    expect(other.status).toBe(200);
    expect(other.body).toEqual((await get(REL.alfa)).body);
  });
});
