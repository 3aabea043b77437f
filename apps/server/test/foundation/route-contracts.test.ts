import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, idParams } from '../../src/http/contract.ts';
import { handleError } from '../../src/http/errors.ts';
import { apiEndpoints, openApiDocument } from '../../src/http/openapi.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Modules whose routes do not declare their contracts yet (decision 0430): the list only
 * shrinks. A module leaves it when every one of its routes has a contract.
 */
const PENDING = new Set<string>([]);

describe('route contracts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every route of every module outside the pending list declares its contract, and the list holds no finished module', () => {
    const endpoints = apiEndpoints(server.app as never);
    expect(endpoints.length).toBeGreaterThan(300);
    const missing = endpoints.filter((e) => !e.contract && !PENDING.has(e.module)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    const unfinished = new Set(endpoints.filter((e) => !e.contract).map((e) => e.module));
    expect([...PENDING].filter((key) => !unfinished.has(key))).toEqual([]);
  });

  it('generates the OpenAPI 3.1 document of the whole API from the contracts', async () => {
    const doc = await openApiDocument(server.app as never);
    expect(doc.openapi).toBe('3.1.0');
    const employee = doc.paths?.['/api/rh/employees/{id}']?.patch;
    expect(employee?.summary).toBe('Alterar colaborador');
    expect(employee?.tags).toEqual(['hr']);
    expect(employee?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(JSON.stringify(employee?.requestBody)).toContain('salaryCents');
    expect(Object.keys(employee?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    const list = doc.paths?.['/api/rh/employees']?.get;
    expect(list?.parameters?.map((p) => ('name' in p ? p.name : ''))).toContain('cursor');
  });
});

describe('contract middleware', () => {
  const app = new Hono();
  app.onError(handleError);
  const body = z.object({ name: z.string({ error: 'Informe o nome.' }).min(1, 'Informe o nome.') });
  app.post('/things/:id', contract({ summary: 'Teste', params: idParams('Coisa não encontrada.'), query: z.object({ n: z.coerce.number({ error: 'Número inválido.' }).optional() }), body }), (c) =>
    c.json({ id: c.req.valid('param').id, n: c.req.valid('query').n ?? null, name: c.req.valid('json').name }),
  );
  const post = (path: string, init: RequestInit = {}) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ana' }), ...init });
  const id = 'A1B2C3D4-0000-0000-0000-00000000000F';

  it('hands the parsed params, query and body to the handler (ids in either case)', async () => {
    const res = await post(`/things/${id}?n=3`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, n: 3, name: 'Ana' });
  });
  it('answers 404 with the message for an id that is not one', async () => {
    const res = await post('/things/123');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Coisa não encontrada.', code: 'NOT_FOUND' });
  });
  it('answers 400 in Portuguese for a bad query or body, 415 for a body that is not JSON', async () => {
    expect(await (await post(`/things/${id}?n=x`)).json()).toMatchObject({ error: 'Número inválido.', code: 'VALIDATION_ERROR' });
    const empty = await post(`/things/${id}`, { body: JSON.stringify({}) });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'Informe o nome.' });
    const broken = await post(`/things/${id}`, { body: '{' });
    expect(broken.status).toBe(400);
    const text = await post(`/things/${id}`, { headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });
});
