import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyOptions } from '@sede/shared/platform/api-keys';
import { apiCallLog } from '../../src/http/api-key.ts';
import { eventually } from '../support/eventually.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { createApiKey, v1 } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let vendas: Person;
let outsider: Person;
let outsiderCompanyId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Integra Ltda'));
  vendas = await memberOf(server, companyId, 'vendas');
  ({ companyId: outsiderCompanyId, admin: outsider } = await createCompanyWithAdmin(server, 'Outra Ltda'));
});
afterAll(async () => {
  await server?.stop();
});

const peopleCount = async (company = companyId) => Number((await sql(server, 'SELECT count(*) FROM people WHERE company_id = $1', [company]))[0].count);

describe('API keys (Administração → Integrações)', () => {
  it('shows the key once, keeps only its SHA-256 and its prefix, and lists it without the secret', async () => {
    const created = await createApiKey(server, admin.jar, { name: 'ERP', permissions: ['parties.read', 'crm.read'] });
    expect(created.secret).toMatch(/^sede_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'ERP', kind: 'secret', status: 'active', permissions: ['parties.read', 'crm.read'], prefix: created.secret.slice(0, 18), lastUsedAt: null });
    const [row] = await sql(server, 'SELECT secret_hash, prefix FROM api_keys WHERE id = $1', [created.key.id]);
    expect(row.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const list = await server.request('/api/api-keys', { jar: admin.jar });
    const text = await list.text();
    expect(text).not.toContain(created.secret);
    expect((JSON.parse(text) as { keys: ApiKey[] }).keys.map((k) => k.id)).toContain(created.key.id);
  });

  it('offers only the permissions the public API uses, and refuses unknown ones, none, or a date in the past (400, nothing created)', async () => {
    const options = (await (await server.request('/api/api-keys/options', { jar: admin.jar })).json()) as ApiKeyOptions;
    expect(options.areas.flatMap((a) => a.permissions.map((p) => p.permission))).toEqual(expect.arrayContaining(['parties.read', 'parties.write', 'crm.read', 'crm.write']));
    const before = await sql(server, 'SELECT count(*) FROM api_keys WHERE company_id = $1', [companyId]);
    for (const body of [{ name: 'X', permissions: ['nada.read'] }, { name: 'X', permissions: [] }, { name: '', permissions: ['crm.read'] }, { name: 'X', permissions: ['crm.read'], expiresOn: '2020-01-01' }]) {
      const res = await server.request('/api/api-keys', { method: 'POST', json: body, jar: admin.jar });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/[ãçéíóúâêõ]|Dê um nome|Escolha|Permissão|validade/);
    }
    expect(await sql(server, 'SELECT count(*) FROM api_keys WHERE company_id = $1', [companyId])).toEqual(before);
  });

  it('is for admins only, and a company never reaches another company’s keys', async () => {
    const { key } = await createApiKey(server, admin.jar, { name: 'Site', permissions: ['crm.read'] });
    await expectTenantIsolation(server, { owner: admin, outsider, withoutPermission: vendas, secrets: [key.id, 'Site'] }, [
      { method: 'POST', path: `/api/api-keys/${key.id}/revoke` },
    ]);
    expect((await server.request('/api/api-keys/options', { jar: vendas.jar })).status).toBe(403);
    // GET and POST of the collection name no record: the outsider gets their own (empty) list, never this one.
    const theirs = (await (await server.request('/api/api-keys', { jar: outsider.jar })).json()) as { keys: ApiKey[] };
    expect(theirs.keys.map((k) => k.id)).not.toContain(key.id);
    expect((await server.request('/api/api-keys', { jar: vendas.jar })).status).toBe(403);
    expect((await server.request('/api/api-keys', { method: 'POST', json: { name: 'X', permissions: ['crm.read'] }, jar: vendas.jar })).status).toBe(403);
  });
});

describe('a key on the public API', () => {
  it('answers 401 without a key, with a malformed or unknown one, a revoked one and an expired one, writing nothing', async () => {
    const { key, secret } = await createApiKey(server, admin.jar, { name: 'Integração', permissions: ['parties.read', 'parties.write'] });
    const expired = await createApiKey(server, admin.jar, { name: 'Vencida', permissions: ['parties.write'] });
    await sql(server, `UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.key.id]);
    expect((await server.request(`/api/api-keys/${key.id}/revoke`, { method: 'POST', jar: admin.jar })).status).toBe(200);
    const before = await peopleCount();
    const cases: Array<[string | null, string]> = [
      [null, 'UNAUTHENTICATED'],
      ['abc', 'KEY_INVALID'],
      [`sede_live_${'A'.repeat(43)}`, 'KEY_INVALID'],
      [secret, 'KEY_REVOKED'],
      [expired.secret, 'KEY_EXPIRED'],
    ];
    for (const [token, code] of cases) {
      const res = await v1(server, token, '/people', { json: { name: 'Não deve existir' } });
      expect(res.status, code).toBe(401);
      expect(res.body).toEqual({ error: { code, message: expect.any(String), fields: {} } });
    }
    expect(await peopleCount()).toBe(before);
    const listed = (await (await server.request('/api/api-keys', { jar: admin.jar })).json()) as { keys: ApiKey[] };
    expect(listed.keys.find((k) => k.id === key.id)?.status).toBe('revoked');
    expect(listed.keys.find((k) => k.id === expired.key.id)?.status).toBe('expired');
  });

  it('refuses a key on the very next call after its revocation, though it was cached by the calls before', async () => {
    const { key, secret } = await createApiKey(server, admin.jar, { name: 'Em uso', permissions: ['crm.read'] });
    for (let i = 0; i < 3; i++) expect((await v1(server, secret, '/deals?limit=1')).status).toBe(200);
    expect((await server.request(`/api/api-keys/${key.id}/revoke`, { method: 'POST', jar: admin.jar })).status).toBe(200);
    const res = await v1(server, secret, '/deals?limit=1');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('KEY_REVOKED');
  });

  it('answers 403 for a permission it does not hold, writing nothing', async () => {
    const { secret } = await createApiKey(server, admin.jar, { name: 'Só leitura', permissions: ['parties.read'] });
    const before = await peopleCount();
    const res = await v1(server, secret, '/people', { json: { name: 'Não deve existir' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(await peopleCount()).toBe(before);
    expect((await v1(server, secret, '/people')).status).toBe(200);
    expect((await v1(server, secret, '/deals')).status).toBe(403);
  });

  it('never reaches another company’s records (404) and lists only its own company', async () => {
    const mine = await createApiKey(server, admin.jar, { name: 'Minha', permissions: ['parties.read', 'parties.write'] });
    const theirs = await createApiKey(server, outsider.jar, { name: 'Deles', permissions: ['parties.read', 'parties.write'] });
    const person = await v1(server, mine.secret, '/people', { json: { name: 'Joana Cliente', emails: ['joana@cliente.com.br'] } });
    expect(person.status).toBe(201);
    const foreign = await v1(server, theirs.secret, `/people/${person.body.id}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Joana');
    expect((await v1(server, theirs.secret, `/people/${person.body.id}`, { method: 'PATCH', json: { name: 'Trocada' } })).status).toBe(404);
    const listed = await v1(server, theirs.secret, '/people?limit=100');
    expect(listed.body.data.map((p: { id: string }) => p.id)).not.toContain(person.body.id);
    expect(await peopleCount(outsiderCompanyId)).toBe(0);
  });

  it('stops working when its creator leaves the company, and holds no more than its creator still does', async () => {
    const otherAdmin = await memberOf(server, companyId, 'admin');
    const { secret } = await createApiKey(server, otherAdmin.jar, { name: 'Do ex-admin', permissions: ['parties.read', 'crm.read'] });
    expect((await v1(server, secret, '/people')).status).toBe(200);
    await sql(server, `UPDATE company_members SET role = 'rh' WHERE company_id = $1 AND user_id = $2`, [companyId, otherAdmin.userId]);
    // rh still reads contacts (every member does); the key keeps what its creator holds.
    await eventually(async () => (await v1(server, secret, '/people')).status === 200);
    await sql(server, `DELETE FROM company_members WHERE company_id = $1 AND user_id = $2`, [companyId, otherAdmin.userId]);
    await eventually(async () => (await v1(server, secret, '/people')).status === 401);
    expect((await v1(server, secret, '/people')).body.error.code).toBe('KEY_OWNER_GONE');
  });

  it('logs every call in the activity log with the key as the actor, and records its last use', async () => {
    const { key, secret } = await createApiKey(server, admin.jar, { name: 'Auditada', permissions: ['parties.read', 'parties.write'] });
    const before = Date.now();
    expect((await v1(server, secret, '/people', { json: { name: 'Registro Teste' } })).status).toBe(201);
    expect((await v1(server, secret, '/people')).status).toBe(200);
    // Refused by the permission check: a line too, with its 403.
    expect((await v1(server, secret, '/deals')).status).toBe(403);
    // The same call again, and one of another route of the same shape: a batch groups equal calls
    // (decision 0778), the log still has one line per call, in the order they were made.
    expect((await v1(server, secret, '/people')).status).toBe(200);
    expect((await v1(server, secret, `/people/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await v1(server, secret, '/people')).status).toBe(200);
    const after = Date.now();
    await apiCallLog(server.services).flush();
    const lines = await sql(server, `SELECT action, user_id, company_id, details, created_at FROM activity_log WHERE api_key_id = $1 ORDER BY id`, [key.id]);
    const line = (method: string, path: string, status: number) => ({ action: 'api_call', user_id: null, company_id: companyId, details: { method, path, status } });
    expect(lines.map(({ created_at: _, ...l }) => l)).toEqual([
      line('POST', '/api/v1/people', 201),
      line('GET', '/api/v1/people', 200),
      line('GET', '/api/v1/deals', 403),
      line('GET', '/api/v1/people', 200),
      line('GET', '/api/v1/people/:id', 404),
      line('GET', '/api/v1/people', 200),
    ]);
    // Each line at its call's instant, to the millisecond (the batch carries epoch milliseconds, decision 0774).
    for (const line of lines) {
      const at = (line.created_at as Date).getTime();
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
    }
    const instants = lines.map((l) => (l.created_at as Date).getTime());
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    await eventually(async () => (await sql(server, 'SELECT last_used_at FROM api_keys WHERE id = $1', [key.id]))[0].last_used_at !== null);
  });
});
