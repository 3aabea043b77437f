import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_CHANGE_MESSAGE } from '@sede/shared/patch';
import { CONTROL_CHARACTERS_MESSAGE } from '@sede/shared/text';
import { PUBLIC_API_PERMISSIONS } from '../../src/modules/api-v1/public.ts';
import { createApiKey, v1 } from '../api-keys/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person } from '../team/support.ts';

/**
 * Writes that answered 500 (issue "What users and attackers hit", item 5; decision 0361): a NUL
 * inside JSON content, an empty PATCH, an update racing a delete. Each is a 4xx in Portuguese.
 */
let server: TestServer;
let admin: Person;

type Res = { status: number; body: Record<string, unknown> & { error?: string; code?: string; id?: string } };
async function call(path: string, method = 'GET', json?: unknown): Promise<Res> {
  const res = await server.request(`/api${path}`, { method, json, jar: admin.jar });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}
const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

beforeAll(async () => {
  server = await startTestServer();
  ({ admin } = await createCompanyWithAdmin(server, 'Falhas de Escrita Ltda'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('a NUL inside JSON content', () => {
  it('document content and canvas scene: 400 in Portuguese, nothing saved', async () => {
    const doc = await call('/documents', 'POST', { title: 'Contrato', content: paragraph('Texto') });
    const put = await call(`/documents/${doc.body.id}/content`, 'PUT', { content: paragraph('a\u0000b'), revision: 0 });
    expect(put).toEqual({ status: 400, body: { error: CONTROL_CHARACTERS_MESSAGE, code: 'VALIDATION_ERROR' } });
    expect((await call(`/documents/${doc.body.id}`)).body).toMatchObject({ revision: 0, content: paragraph('Texto') });

    const board = await call('/canvas/boards', 'POST', { title: 'Quadro' });
    const text = { id: 't1', type: 'text', x: 1, y: 1, width: 10, height: 10, text: 'a\u0000b' };
    const scene = await call(`/canvas/boards/${board.body.id}/scene`, 'PUT', { scene: { elements: [text], appState: {}, files: {} }, revision: 0 });
    expect(scene).toEqual({ status: 400, body: { error: CONTROL_CHARACTERS_MESSAGE, code: 'VALIDATION_ERROR' } });
    expect((await call(`/canvas/boards/${board.body.id}`)).body).toMatchObject({ revision: 0 });
  });

  it('in a key too, at any depth', async () => {
    const doc = await call('/documents', 'POST', { title: 'Chaves', content: paragraph('Texto') });
    const deep = { type: 'doc', content: [{ type: 'paragraph', attrs: { 'x\u0000': 1 }, content: [{ type: 'text', text: 'ok' }] }] };
    expect((await call(`/documents/${doc.body.id}/content`, 'PUT', { content: deep, revision: 0 })).status).toBe(400);
  });
});

describe('an empty PATCH', () => {
  it('PATCH /api/documents/folders/:id with {}: 400 "Nada para alterar."', async () => {
    const folder = await call('/documents/folders', 'POST', { name: 'Pasta' });
    expect(await call(`/documents/folders/${folder.body.id}`, 'PATCH', {})).toEqual({ status: 400, body: { error: NOTHING_TO_CHANGE_MESSAGE, code: 'VALIDATION_ERROR' } });
  });

  it('every PATCH route of the API answers {} with a 400 in Portuguese, before looking the record up', async () => {
    const routes = server.modules.flatMap((m) =>
      m.routes ? m.routes(server.services).routes.filter((r) => r.method === 'PATCH').map((r) => `${m.mount ?? `/${m.key}`}/${r.path}`.replace(/\/+/g, '/')) : [],
    );
    expect(routes.length).toBeGreaterThan(30);
    // The public API answers its key, not the session, in its own error shape (decision 0641).
    const key = (await createApiKey(server, admin.jar, { name: 'PATCH vazio', permissions: [...PUBLIC_API_PERMISSIONS] })).secret;
    const wrong: string[] = [];
    for (const route of new Set(routes)) {
      const path = route.replace(/:\w+/g, () => randomUUID());
      const res = route.startsWith('/v1/') ? await v1(server, key, path.slice(3), { method: 'PATCH', json: {} }) : await call(path, 'PATCH', {});
      const message = route.startsWith('/v1/') ? res.body?.error?.message : res.body.error;
      if (res.status !== 400 || typeof message !== 'string') wrong.push(`${route}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(routes.filter((r) => r.startsWith('/v1/')).length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('a PATCH changes only what it sends: a default never overwrites a stored value', async () => {
    const product = await call('/crm-quotes/products', 'POST', { name: 'Consultoria', description: 'Hora técnica', unit: 'h', priceCents: 25_000, active: false });
    expect((await call(`/crm-quotes/products/${product.body.id}`, 'PATCH', { priceCents: 30_000 })).body).toMatchObject({ priceCents: 30_000, description: 'Hora técnica', unit: 'h', active: false });
    const account = await call('/finance/accounts', 'POST', { name: 'Caixa', kind: 'cash', openingBalanceCents: 100_00, openingDate: '2026-01-01' });
    expect((await call(`/finance/accounts/${account.body.id}`, 'PATCH', { name: 'Caixa da loja' })).body).toMatchObject({ name: 'Caixa da loja', kind: 'cash', openingBalanceCents: 100_00 });
  });
});

/**
 * Runs `update` while the row is locked by another transaction that deletes it, so the update
 * finds the row, then waits, then updates nothing: the race of a click on "Salvar" and another
 * person's "Excluir", made deterministic.
 */
async function racingADelete(table: string, id: string, update: () => Promise<Res>): Promise<Res> {
  const other = new pg.Client({ connectionString: server.databaseUrl });
  await other.connect();
  try {
    await other.query('BEGIN');
    await other.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    const pending = update();
    // The update is waiting on the lock (it read the row already). The view is a snapshot per
    // transaction: cleared before each look.
    for (let waiting = false; !waiting; ) {
      const { rows } = await other.query('SELECT pg_stat_clear_snapshot(), count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid)) AND query ILIKE $1', [`update "${table}"%`]);
      waiting = rows[0].n > 0;
    }
    await other.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
    await other.query('COMMIT');
    return await pending;
  } finally {
    await other.end();
  }
}

describe('an update racing a delete', () => {
  it('PATCH of a product deleted meanwhile: 404 in Portuguese', async () => {
    const product = await call('/crm-quotes/products', 'POST', { name: 'Some', priceCents: 1_000 });
    const res = await racingADelete('crm_products', product.body.id!, () => call(`/crm-quotes/products/${product.body.id}`, 'PATCH', { priceCents: 2_000 }));
    expect(res).toEqual({ status: 404, body: { error: 'Produto ou serviço não encontrado.', code: 'NOT_FOUND' } });
  });

  it('renaming a canvas board deleted meanwhile: 404', async () => {
    const board = await call('/canvas/boards', 'POST', { title: 'Efêmero' });
    const res = await racingADelete('canvas_boards', board.body.id!, () => call(`/canvas/boards/${board.body.id}`, 'PATCH', { title: 'Novo nome' }));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
