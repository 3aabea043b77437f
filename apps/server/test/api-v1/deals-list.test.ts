import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, v1 } from '../api-keys/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql, type Person } from '../team/support.ts';

/**
 * The deals list of the public API and of the app (decision 0731): the API's items carry their
 * dates as the row's own instants (ISO 8601, UTC, milliseconds), the plain list runs as a prepared
 * statement and a filtered one as before, pages follow each other, and the app's list keeps its shape.
 */
let server: TestServer;
let admin: Person;
let companyId: string;
let secret: string;
let foreign: string;
let pipelineId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Lista de Negócios Ltda'));
  const { admin: other } = await createCompanyWithAdmin(server, 'Outra Lista Ltda');
  secret = (await createApiKey(server, admin.jar, { name: 'Lista', permissions: ['crm.read', 'crm.write'] })).secret;
  foreign = (await createApiKey(server, other.jar, { name: 'Vizinha', permissions: ['crm.read', 'crm.write'] })).secret;
  pipelineId = (await v1(server, secret, '/pipelines')).body.data[0].id;
  for (const title of ['Primeiro', 'Segundo', 'Terceiro com etiqueta']) {
    const res = await v1(server, secret, '/deals', { json: { title, pipelineId, ...(title.includes('etiqueta') ? { tags: ['vip'] } : {}) }, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  // Microseconds in the stored instants: the answer carries the millisecond, as toISOString would.
  await sql(server, `UPDATE deals SET updated_at = '2025-03-04 05:06:07.891234+00' WHERE company_id = $1 AND title = 'Primeiro'`, [companyId]);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/v1/deals', () => {
  it('lists every field of the contract, its dates the row’s instants in ISO 8601', async () => {
    const res = await v1(server, secret, '/deals?limit=10');
    expect(res.status).toBe(200);
    const rows = await sql(server, 'SELECT id, created_at, updated_at, pipeline_id FROM deals WHERE company_id = $1', [companyId]);
    expect(res.body.data).toHaveLength(3);
    for (const item of res.body.data) {
      const row = rows.find((r) => r.id === item.id)!;
      expect(item).toMatchObject({ pipelineId: row.pipeline_id, organizationId: null, createdAt: (row.created_at as Date).toISOString(), updatedAt: (row.updated_at as Date).toISOString() });
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'id', 'nextActivity', 'organizationId', 'organizationName', 'ownerId', 'ownerName', 'pipelineId', 'position', 'stageId', 'status', 'tags', 'title', 'updatedAt', 'valueCents']);
    }
    expect(res.body.data.find((d: { title: string }) => d.title === 'Primeiro').updatedAt).toBe('2025-03-04T05:06:07.891Z');
  });

  it('pages the plain list (prepared) and filters through the other statement, never past the company', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: { id: string }[]; nextCursor: string | null } } = await v1(server, secret, `/deals?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((d) => d.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(3);
    const tagged = await v1(server, secret, '/deals?tag=vip');
    expect(tagged.body.data.map((d: { title: string }) => d.title)).toEqual(['Terceiro com etiqueta']);
    const since = await v1(server, secret, `/deals?updated_since=${encodeURIComponent('2030-01-01T00:00:00Z')}`);
    expect(since.body.data).toEqual([]);
    // The same prepared shapes serve another company's key: only its own (no) deals.
    expect((await v1(server, foreign, '/deals')).body.data).toEqual([]);
    expect((await v1(server, foreign, '/deals?tag=vip')).body.data).toEqual([]);
  });

  it('leaves the app’s own list as it was (cards, no API dates)', async () => {
    const res = await server.request('/api/crm/deals?status=all&limit=10', { jar: admin.jar });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Record<string, unknown>[] };
    expect(body.items).toHaveLength(3);
    for (const item of body.items) expect(item).not.toHaveProperty('createdAt');
  });
});
