import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCache } from '../../src/platform/list-cache.ts';
import { whileFeedDown, within } from '../support/feed-down.ts';
import { createApiKey, v1 } from '../api-keys/support.ts';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql as sqlOn, type Person } from '../team/support.ts';

/**
 * The deals lists kept in memory (decision 0771), on two instances of one database: the API's
 * (`GET /api/v1/deals`, a key) and the app's (`GET /api/crm/deals`, a session). Every kind of write
 * the list reads is seen by the writer's instance on its very next list, and by the other instance
 * once the commit's announcement reaches it; nothing crosses companies or callers; a key's call
 * still pays its rate limit and its activity line; and nothing is kept while the feed is down.
 */
let a: TestServer;
let b: TestServer;
let admin: Person;
let companyId: string;
let secret: string;
let pipelineId: string;
let stageIds: string[];
let otherAdmin: Person;
let otherSecret: string;

type Item = { id: string; title: string; stageId: string; status: string; organizationName: string | null; ownerName: string | null; nextActivity: { id: string; title: string } | null };
const sql = (text: string, params: unknown[] = []) => sqlOn(a, text, params);
const keyList = async (server: TestServer, key = secret, query = '?limit=50') => {
  const res = await v1(server, key, `/deals${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Item[];
};
const appList = async (server: TestServer, person = admin, query = '?limit=50&status=all') => {
  const res = await server.request(`/api/crm/deals${query}`, { jar: person.jar });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Item[] }).items;
};
const stats = (server: TestServer) => listCache(server.services).stats();
const idem = () => ({ 'idempotency-key': crypto.randomUUID() });

/** Both instances hold the lists (a second call on each is served from memory). */
async function warm() {
  for (const server of [a, b]) {
    await keyList(server);
    await appList(server);
    const before = stats(server).hits;
    await keyList(server);
    await appList(server);
    expect(stats(server).hits).toBe(before + 2);
  }
}

/**
 * A write through instance A: its answer back, A's very next lists show it (both shapes); B's show
 * it once the announcement arrives.
 */
async function writeAndSee(write: () => Promise<Response | { status: number }>, shows: (items: Item[]) => boolean) {
  await warm();
  const res = await write();
  expect(res.status).toBeLessThan(300);
  expect(shows(await keyList(a))).toBe(true);
  expect(shows(await appList(a))).toBe(true);
  await within(3000, async () => shows(await keyList(b)));
  expect(shows(await appList(b))).toBe(true);
}

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.databaseUrl, DATA_DIR: tempDataDir('sede-lists-b-') });
  ({ companyId, admin } = await createCompanyWithAdmin(a, 'Lista Guardada Ltda'));
  ({ admin: otherAdmin } = await createCompanyWithAdmin(a, 'Vizinha Guardada Ltda'));
  secret = (await createApiKey(a, admin.jar, { name: 'Lista', permissions: ['crm.read', 'crm.write'] })).secret;
  otherSecret = (await createApiKey(a, otherAdmin.jar, { name: 'Vizinha', permissions: ['crm.read', 'crm.write'] })).secret;
  pipelineId = (await v1(a, secret, '/pipelines')).body.data[0].id;
  stageIds = (await v1(a, secret, '/pipelines')).body.data[0].stages.map((s: { id: string }) => s.id);
  expect((await v1(a, otherSecret, '/pipelines')).status).toBe(200);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe('the deals lists in memory', () => {
  it('every kind of write the list reads: on the writer’s instance at once, on the other after its announcement', async () => {
    const org = await a.request('/api/parties/organizations', { method: 'POST', jar: admin.jar, json: { razaoSocial: 'Organização Original Ltda' } });
    expect(org.status).toBe(201);
    const organizationId = ((await org.json()) as { id: string }).id;
    let dealId = '';

    // Created (the key).
    await writeAndSee(
      async () => {
        const res = await v1(a, secret, '/deals', { json: { title: 'Negócio guardado', pipelineId, organizationId }, headers: idem() });
        dealId = res.body.id;
        return res;
      },
      (items) => items.some((d) => d.title === 'Negócio guardado' && d.organizationName === 'Organização Original Ltda'),
    );
    // Moved (the app).
    await writeAndSee(
      () => a.request(`/api/crm/deals/${dealId}/move`, { method: 'POST', jar: admin.jar, json: { stageId: stageIds[1] } }),
      (items) => items.some((d) => d.id === dealId && d.stageId === stageIds[1]),
    );
    // A task on the deal: its next activity (the key); done, none (the app, /api/tasks).
    let taskId = '';
    await writeAndSee(
      async () => {
        const res = await v1(a, secret, '/tasks', { json: { title: 'Ligar para o cliente', entityType: 'deal', entityId: dealId, dueDate: '2099-05-01' }, headers: idem() });
        taskId = res.body.id;
        return res;
      },
      (items) => items.some((d) => d.id === dealId && d.nextActivity?.title === 'Ligar para o cliente'),
    );
    await writeAndSee(
      () => a.request(`/api/tasks/${taskId}`, { method: 'PATCH', jar: admin.jar, json: { done: true } }),
      (items) => items.some((d) => d.id === dealId && d.nextActivity === null),
    );
    // Won (the key).
    await writeAndSee(
      () => v1(a, secret, `/deals/${dealId}/won`, { json: { reason: 'Indicação' }, headers: idem() }),
      (items) => items.some((d) => d.id === dealId && d.status === 'won'),
    );
    // Its organization renamed.
    await writeAndSee(
      () => a.request(`/api/parties/organizations/${organizationId}`, { method: 'PATCH', jar: admin.jar, json: { razaoSocial: 'Organização Renomeada Ltda' } }),
      (items) => items.some((d) => d.id === dealId && d.organizationName === 'Organização Renomeada Ltda'),
    );
    // Its owner renamed (a person's own profile: no company in the request).
    await writeAndSee(
      () => a.request('/api/profile', { method: 'PUT', jar: admin.jar, json: { firstName: 'Carolina', lastName: 'Renomeada' } }),
      (items) => items.some((d) => d.id === dealId && d.ownerName === 'Carolina Renomeada'),
    );
    // A stage renamed: the list shows no stage names, yet what it kept is dropped on both instances.
    await warm();
    const missesA = stats(a).misses;
    const missesB = stats(b).misses;
    const renamed = await a.request(`/api/crm/stages/${stageIds[0]}`, { method: 'PATCH', jar: admin.jar, json: { name: 'Etapa Renomeada' } });
    expect(renamed.status).toBe(200);
    await keyList(a);
    expect(stats(a).misses).toBe(missesA + 1);
    await within(3000, async () => {
      await keyList(b);
      return stats(b).misses > missesB;
    });
    // Deleted (the app).
    await writeAndSee(
      () => a.request(`/api/crm/deals/${dealId}`, { method: 'DELETE', jar: admin.jar }),
      (items) => !items.some((d) => d.id === dealId),
    );
  });

  it('the writer’s instance sees its own write even when the announcement never comes', async () => {
    const made = await v1(a, secret, '/deals', { json: { title: 'Antes do silêncio', pipelineId }, headers: idem() });
    expect(made.status).toBe(201);
    await within(3000, async () => (await keyList(b)).some((d) => d.title === 'Antes do silêncio'));
    await warm();
    // The update's announcement is withheld: only A's own bookkeeping can drop what A kept.
    await sql('ALTER TABLE deals DISABLE TRIGGER deals_lists_update');
    try {
      const res = await v1(a, secret, `/deals/${made.body.id}`, { method: 'PATCH', json: { title: 'Depois do silêncio' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await keyList(a)).some((d) => d.title === 'Depois do silêncio')).toBe(true);
      expect((await appList(a)).some((d) => d.title === 'Depois do silêncio')).toBe(true);
      // B heard nothing: it still serves what it kept (the window a missing announcement would leave).
      await new Promise((r) => setTimeout(r, 200));
      expect((await keyList(b)).some((d) => d.title === 'Antes do silêncio')).toBe(true);
    } finally {
      await sql('ALTER TABLE deals ENABLE TRIGGER deals_lists_update');
    }
    await sql('UPDATE deals SET updated_at = now() WHERE id = $1', [made.body.id]);
    await within(3000, async () => (await keyList(b)).some((d) => d.title === 'Depois do silêncio'));
  });

  it('never serves one company’s or one caller’s list to another', async () => {
    const seller = await memberOf(a, companyId, 'financeiro');
    const mine = await v1(a, secret, '/deals', { json: { title: 'Só da primeira', pipelineId }, headers: idem() });
    expect(mine.status).toBe(201);
    // Company one's lists are in memory on A (key and app, every filter below), the announcements
    // of the new member and deal heard: a round of the three calls is served from memory.
    const lists = async () => {
      expect((await keyList(a)).some((d) => d.title === 'Só da primeira')).toBe(true);
      expect((await appList(a)).some((d) => d.title === 'Só da primeira')).toBe(true);
      expect((await appList(a, admin, '?limit=50&status=all&owner=me')).some((d) => d.title === 'Só da primeira')).toBe(true);
    };
    await within(3000, async () => {
      const hits = stats(a).hits;
      await lists();
      return stats(a).hits === hits + 3;
    });
    // …company two's key and admin, asking the very same queries, get their own (none).
    expect(await keyList(a, otherSecret)).toEqual([]);
    expect(await appList(a, otherAdmin)).toEqual([]);
    expect(await appList(a, otherAdmin, '?limit=50&status=all&owner=me')).toEqual([]);
    // Another role of company one: the same company list, but "mine" is theirs (none).
    expect((await appList(a, seller)).some((d) => d.title === 'Só da primeira')).toBe(true);
    expect(await appList(a, seller, '?limit=50&status=all&owner=me')).toEqual([]);
    // A key of the same company without crm.read is refused, however warm the list is.
    const financeOnly = (await createApiKey(a, admin.jar, { name: 'Só finanças', permissions: ['finance.read'] })).secret;
    expect((await v1(a, financeOnly, '/deals')).status).toBe(403);
    // Company two's own deal shows only to company two.
    expect((await v1(a, otherSecret, '/deals', { json: { title: 'Só da segunda', pipelineId: (await v1(a, otherSecret, '/pipelines')).body.data[0].id }, headers: idem() })).status).toBe(201);
    expect((await keyList(a, otherSecret)).map((d) => d.title)).toEqual(['Só da segunda']);
    expect((await keyList(a)).some((d) => d.title === 'Só da segunda')).toBe(false);
  });

  it('a sign-in leaves the lists alone; a name changed drops only the lists of its person’s companies', async () => {
    await warm();
    await keyList(b, otherSecret);
    await keyList(b, otherSecret);
    const hits = stats(b).hits;
    // Committed in this order, heard by B in this order: a sign-in of company one's admin, then a
    // new name for company two's admin.
    await sql('UPDATE profiles SET last_login_at = now() WHERE id = $1', [admin.userId]);
    await sql("UPDATE profiles SET first_name = 'Otávio' WHERE id = $1", [otherAdmin.userId]);
    const misses = stats(b).misses;
    await within(3000, async () => {
      await keyList(b, otherSecret);
      return stats(b).misses > misses;
    });
    // Company two's list was dropped; company one's is still served from memory.
    const before = stats(b).hits;
    await keyList(b);
    await appList(b);
    expect(stats(b).hits).toBe(before + 2);
    expect(before).toBeGreaterThanOrEqual(hits);
  });

  it('a call served from memory still pays its rate limit and writes its activity line', async () => {
    await keyList(a);
    const first = await v1(a, secret, '/deals?limit=50');
    const hits = stats(a).hits;
    const second = await v1(a, secret, '/deals?limit=50');
    expect(stats(a).hits).toBe(hits + 1);
    expect(second.headers.get('RateLimit-Limit')).toBe(first.headers.get('RateLimit-Limit'));
    expect(Number(second.headers.get('RateLimit-Remaining'))).toBeLessThan(Number(first.headers.get('RateLimit-Remaining')));
    // The kept answer's one plain record (decision 0774): all four RateLimit-* and every security header, once.
    const limit = second.headers.get('RateLimit-Limit');
    expect(second.headers.get('RateLimit-Policy')).toBe(`${limit};w=60`);
    expect(Number(second.headers.get('RateLimit-Reset'))).toBeGreaterThan(0);
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    const lines = async () => Number((await sql(`SELECT count(*)::int AS n FROM activity_log WHERE company_id = $1 AND api_key_id IS NOT NULL AND details->>'path' = '/api/v1/deals'`, [companyId]))[0]!.n);
    const before = await lines();
    await v1(a, secret, '/deals?limit=50');
    await within(3000, async () => (await lines()) > before);
  });

  it('keeps and serves nothing while its feed is down', async () => {
    const made = await v1(a, secret, '/deals', { json: { title: 'Antes da queda', pipelineId }, headers: idem() });
    expect(made.status).toBe(201);
    await within(3000, async () => (await keyList(b)).some((d) => d.title === 'Antes da queda'));
    await warm();
    await whileFeedDown(a, b, async () => {
      // A change no announcement can bring to B: B answers it at once, and keeps nothing.
      await sql("UPDATE deals SET title = 'Durante a queda' WHERE id = $1", [made.body.id]);
      const hits = stats(b).hits;
      expect((await keyList(b)).some((d) => d.title === 'Durante a queda')).toBe(true);
      expect((await appList(b)).some((d) => d.title === 'Durante a queda')).toBe(true);
      await keyList(b);
      expect(stats(b).hits).toBe(hits);
      expect(stats(b).entries).toBe(0);
    });
    await warm();
  });
});
