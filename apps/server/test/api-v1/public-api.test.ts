import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallLog } from '../../src/http/api-key.ts';
import { createApiKey, v1 } from '../api-keys/support.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql, type Person } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Publica Ltda'));
  ({ secret: key } = await createApiKey(server, admin.jar, { name: 'Testes', permissions: ['parties.read', 'parties.write', 'crm.read', 'crm.write'] }));
});
afterAll(async () => {
  await server?.stop();
});

const count = async (table: string) => Number((await sql(server, `SELECT count(*) FROM ${table} WHERE company_id = $1`, [companyId]))[0].count);

describe('errors', () => {
  it('answer one shape with the message in Portuguese and each invalid field', async () => {
    const res = await v1(server, key, '/people', { json: { name: '', emails: ['não é e-mail'] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Informe o nome.', fields: expect.objectContaining({ name: 'Informe o nome.', 'emails.0': expect.any(String) }) } });
    const missing = await v1(server, key, '/deals/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: expect.stringMatching(/não encontrad/i), fields: {} });
    const route = await v1(server, key, '/nada');
    expect(route.status).toBe(404);
    expect(route.body.error.code).toBe('NOT_FOUND');
  });
});

describe('Idempotency-Key', () => {
  it('20 concurrent identical POSTs create one deal and all answer it; another body with the key is 409', async () => {
    const { body: pipelines } = await v1(server, key, '/pipelines');
    const pipelineId = pipelines.data[0].id as string;
    const before = await count('deals');
    const body = { title: 'Contrato anual', valueCents: 1_200_000, pipelineId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => v1(server, key, '/deals', { json: body, headers: { 'idempotency-key': 'pedido-123' } })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await count('deals')).toBe(before + 1);

    const other = await v1(server, key, '/deals', { json: { ...body, title: 'Outro' }, headers: { 'idempotency-key': 'pedido-123' } });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count('deals')).toBe(before + 1);
  });

  it('replays a refusal too, and a new key runs again', async () => {
    const bad = { name: '' };
    const first = await v1(server, key, '/people', { json: bad, headers: { 'idempotency-key': 'k-400' } });
    const again = await v1(server, key, '/people', { json: bad, headers: { 'idempotency-key': 'k-400' } });
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.body).toEqual(first.body);
    const a = await v1(server, key, '/people', { json: { name: 'Ana' }, headers: { 'idempotency-key': 'k-a' } });
    const b = await v1(server, key, '/people', { json: { name: 'Ana' }, headers: { 'idempotency-key': 'k-b' } });
    expect(a.body.id).not.toBe(b.body.id);
    expect((await v1(server, key, '/people', { json: { name: 'Ana' }, headers: { 'idempotency-key': 'não ascii ç' } })).status).toBe(400);
  });
});

describe('lists', () => {
  it('page by cursor, filter by updated_since and cut to the fields asked for', async () => {
    for (const name of ['Lista Um', 'Lista Dois', 'Lista Três']) expect((await v1(server, key, '/organizations', { json: { razaoSocial: name } })).status).toBe(201);
    const first = await v1(server, key, '/organizations?q=Lista&limit=2&fields=razaoSocial');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(Object.keys(first.body.data[0]).sort()).toEqual(['id', 'razaoSocial']);
    const second = await v1(server, key, `/organizations?q=Lista&limit=2&fields=razaoSocial&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.data.map((o: { razaoSocial: string }) => o.razaoSocial)).toEqual(['Lista Três']);
    expect(second.body.nextCursor).toBeNull();

    const [{ now }] = await sql(server, 'SELECT now() AS now');
    const changed = first.body.data[0].id as string;
    expect((await v1(server, key, `/organizations/${changed}`, { method: 'PATCH', json: { nomeFantasia: 'Mudou' } })).status).toBe(200);
    const since = await v1(server, key, `/organizations?updated_since=${encodeURIComponent(new Date(now).toISOString())}`);
    expect(since.body.data.map((o: { id: string }) => o.id)).toEqual([changed]);

    expect((await v1(server, key, '/organizations?fields=senha')).body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Campo desconhecido em fields: senha.' });
    expect((await v1(server, key, '/organizations?updated_since=ontem')).status).toBe(400);
    expect((await v1(server, key, '/organizations?limit=500')).status).toBe(400);
  });

  it('deals come with where they are and when they changed', async () => {
    const res = await v1(server, key, '/deals?status=all&limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: expect.any(String), pipelineId: expect.any(String), stageId: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) });
  });
});

describe('rate limits', () => {
  it('are one budget per key across two instances sharing the database, with RateLimit-* headers and 429 + Retry-After', async () => {
    const second = await startTestServer({ DATABASE_URL: server.databaseUrl, DATA_DIR: tempDataDir('sede-api-b-') });
    try {
      const { key: limited, secret } = await createApiKey(server, admin.jar, { name: 'Limitada', permissions: ['parties.read'] });
      await sql(server, 'UPDATE api_keys SET rate_limit_per_minute = 5 WHERE id = $1', [limited.id]);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await v1(i % 2 === 0 ? server : second, secret, '/people?limit=1');
        statuses.push(res.status);
        if (i === 0) expect(res.headers.get('ratelimit-limit')).toBe('5');
        if (i < 5) expect(res.headers.get('ratelimit-remaining')).toBe(String(4 - i));
        if (i === 5) {
          expect(res.body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Tente novamente') });
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(res.headers.get('ratelimit-remaining')).toBe('0');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await second.stop();
    }
  });

  it('lease calls in blocks per instance and never pass more than the limit between them', async () => {
    const second = await startTestServer({ DATABASE_URL: server.databaseUrl, DATA_DIR: tempDataDir('sede-api-c-') });
    try {
      const { key: limited, secret } = await createApiKey(server, admin.jar, { name: 'Em blocos', permissions: ['parties.read'] });
      // 150 a minute: leases of 3 calls.
      await sql(server, 'UPDATE api_keys SET rate_limit_per_minute = 150 WHERE id = $1', [limited.id]);
      let passed = 0;
      for (let i = 0; i < 160; i++) if ((await v1(i % 2 === 0 ? server : second, secret, '/people?limit=1')).status === 200) passed++;
      expect(passed).toBeLessThanOrEqual(150);
      expect(passed).toBeGreaterThanOrEqual(147);
      const [row] = await sql(server, 'SELECT count FROM rate_limits WHERE key = $1', [`api-key:${limited.id}`]);
      expect(Number(row.count)).toBeGreaterThanOrEqual(150);
    } finally {
      await second.stop();
    }
  });
});

describe('a key on another instance (decision 0746)', () => {
  it('serves from leases asked ahead, logs every call as the key, and refuses the key within 2 s of its revocation elsewhere', async () => {
    const second = await startTestServer({ DATABASE_URL: server.databaseUrl, DATA_DIR: tempDataDir('sede-api-d-') });
    try {
      // The default limit (600 a minute): leases of 12, the next asked for at 6 left.
      const { key: used, secret } = await createApiKey(server, admin.jar, { name: 'Noutra instância', permissions: ['crm.read'] });
      const calls = 40;
      const remaining: number[] = [];
      for (let i = 0; i < calls; i++) {
        const res = await v1(second, secret, '/deals?limit=1');
        expect(res.status).toBe(200);
        remaining.push(Number(res.headers.get('ratelimit-remaining')));
      }
      // What is left never goes up within the window, and never counts fewer calls than were made.
      expect(remaining.every((r, i) => i === 0 || r <= remaining[i - 1]!)).toBe(true);
      expect(remaining.at(-1)).toBeLessThanOrEqual(600 - calls);
      const [row] = await sql(server, 'SELECT count FROM rate_limits WHERE key = $1', [`api-key:${used.id}`]);
      expect(Number(row.count)).toBeGreaterThanOrEqual(calls);
      expect(Number(row.count)).toBeLessThanOrEqual(calls + 12 + 6);
      await apiCallLog(second.services).flush();
      const lines = await sql(server, `SELECT details FROM activity_log WHERE api_key_id = $1 AND action = 'api_call'`, [used.id]);
      expect(lines).toHaveLength(calls);
      expect(lines[0].details).toEqual({ method: 'GET', path: '/api/v1/deals', status: 200 });

      // Revoked through the first instance: the second, which holds the key in its cache and a lease, refuses it within the bound.
      expect((await server.request(`/api/api-keys/${used.id}/revoke`, { method: 'POST', jar: admin.jar })).status).toBe(200);
      const revokedAt = Date.now();
      await eventually(async () => (await v1(second, secret, '/deals?limit=1')).status, (status) => status === 401, { timeoutMs: 2_000, intervalMs: 20 });
      expect(Date.now() - revokedAt).toBeLessThan(2_000);
      expect((await v1(second, secret, '/deals?limit=1')).body.error.code).toBe('KEY_REVOKED');
    } finally {
      await second.stop();
    }
  });
});

describe('lead capture', () => {
  it('a form key posts from its site into a pipeline and a list, answers CORS, and does nothing else', async () => {
    const { secret: form } = await createApiKey(server, admin.jar, { name: 'Site', kind: 'form', allowedOrigins: ['https://loja.exemplo.com.br'] });
    expect(form).toMatch(/^sede_form_/);
    const { body: pipelines } = await v1(server, key, '/pipelines');
    const pipelineId = pipelines.data[0].id as string;
    const list = await server.request('/api/crm-contacts/lists', { method: 'POST', json: { name: 'Leads do site' }, jar: admin.jar });
    expect(list.status).toBe(201);
    const listId = ((await list.json()) as { id: string }).id;

    const preflight = await server.request('/api/v1/leads', { method: 'OPTIONS', headers: { origin: 'https://loja.exemplo.com.br', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://loja.exemplo.com.br');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');

    const dealsBefore = await count('deals');
    const lead = { name: 'Paulo Lead', email: 'paulo@lead.com.br', phone: '(11) 98888-7777', message: 'Quero um orçamento', pipelineId, listId };
    const sent = await v1(server, form, '/leads', { json: lead, headers: { origin: 'https://loja.exemplo.com.br' } });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ received: true });
    expect(sent.headers.get('access-control-allow-origin')).toBe('https://loja.exemplo.com.br');
    const [person] = await sql(server, `SELECT id, notes, legal_basis FROM people WHERE company_id = $1 AND emails @> ARRAY['paulo@lead.com.br']`, [companyId]);
    expect(person).toMatchObject({ notes: 'Quero um orçamento', legal_basis: 'consentimento' });
    expect(await count('deals')).toBe(dealsBefore + 1);
    expect(await sql(server, 'SELECT 1 FROM crm_list_members WHERE list_id = $1 AND person_id = $2', [listId, person.id])).toHaveLength(1);

    // The same person again: found, not duplicated.
    expect((await v1(server, form, '/leads', { json: { name: 'Paulo', email: 'PAULO@lead.com.br' }, headers: { origin: 'https://loja.exemplo.com.br' } })).status).toBe(201);
    expect(await sql(server, `SELECT id FROM people WHERE company_id = $1 AND emails @> ARRAY['paulo@lead.com.br']`, [companyId])).toHaveLength(1);

    const otherSite = await v1(server, form, '/leads', { json: lead, headers: { origin: 'https://intruso.com' } });
    expect(otherSite.status).toBe(403);
    expect(otherSite.headers.get('access-control-allow-origin')).toBe('https://intruso.com');
    expect((await v1(server, form, '/people')).status).toBe(403);
    expect((await v1(server, form, '/leads', { json: { name: 'Sem contato' }, headers: { origin: 'https://loja.exemplo.com.br' } })).body.error.fields).toEqual({ email: 'Informe um e-mail ou um telefone.' });
    const wrongList = await v1(server, form, '/leads', { json: { name: 'X', email: 'x@x.com.br', listId: '00000000-0000-4000-8000-000000000000' }, headers: { origin: 'https://loja.exemplo.com.br' } });
    expect(wrongList.status).toBe(404);
    expect(await sql(server, `SELECT id FROM people WHERE company_id = $1 AND emails @> ARRAY['x@x.com.br']`, [companyId])).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('is public, OpenAPI 3.1 with the bearer scheme, and documents every route of /api/v1', async () => {
    const res = await server.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; components: { securitySchemes: Record<string, { scheme: string }> }; paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: Array<{ name: string }> }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.chave?.scheme).toBe('bearer');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/people', '/api/v1/deals/{id}', '/api/v1/leads']));
    const create = doc.paths['/api/v1/deals']!.post!;
    expect(create.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '429']));
  });
});

describe('receivables and payables', () => {
  it('enter, list by due date, settle, and never show one kind under the other', async () => {
    const fin = (await createApiKey(server, admin.jar, { name: 'Financeiro', permissions: ['finance.read', 'finance.write', 'finance.approve'] })).secret;
    const created = await v1(server, fin, '/receivables', { json: { description: 'Mensalidade', amountCents: 50_000, dueDate: '2030-03-10', installments: 2 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toHaveLength(2);
    expect(created.body.data[0]).toMatchObject({ kind: 'receivable', amountCents: 25_000, dueDate: '2030-03-10' });
    const id = created.body.data[0].id as string;
    expect((await v1(server, fin, `/payables/${id}`)).status).toBe(404);
    const listed = await v1(server, fin, '/receivables?from=2030-01-01&fields=dueDate,amountCents');
    expect(listed.body.data).toEqual([
      { id, dueDate: '2030-03-10', amountCents: 25_000 },
      { id: created.body.data[1].id, dueDate: '2030-04-10', amountCents: 25_000 },
    ]);
    expect((await v1(server, fin, '/payables?from=2030-01-01')).body.data).toEqual([]);
    const accountRes = await server.request('/api/finance/accounts', { method: 'POST', json: { name: 'Conta corrente', openingDate: '2030-01-01' }, jar: admin.jar });
    const account = (await accountRes.json()) as { id: string };
    expect(accountRes.status, JSON.stringify(account)).toBe(201);
    const paid = await v1(server, fin, `/receivables/${id}/payments`, { json: { accountId: account.id, paidDate: '2030-03-10', amountCents: 25_000 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.entry.status).toBe('paid');
    expect((await v1(server, key, '/receivables')).status).toBe(403);
    expect((await v1(server, fin, '/receivables', { json: { kind: 'payable', description: 'X', amountCents: 1, dueDate: '2030-01-01' } })).status).toBe(400);
  });
});
