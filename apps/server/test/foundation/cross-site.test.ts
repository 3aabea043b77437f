import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin } from '../team/support.ts';

/**
 * A state-changing /api request from another site is refused (decision 0076), and a JSON route
 * refuses a body not declared as JSON: a cross-site form or a `text/plain` fetch (which needs
 * no CORS preflight) can no longer debit coins, create a company or send an invitation.
 */
let server: TestServer;
let admin: CookieJar;
const APP_ORIGIN = 'http://localhost:3000'; // the test server's APP_URL
beforeAll(async () => {
  server = await startTestServer();
  admin = (await createCompanyWithAdmin(server)).admin.jar;
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string; jar?: CookieJar } = {}) =>
  server.request(path, { method: init.method ?? 'POST', headers: init.headers, body: init.body, jar: init.jar ?? admin });

/** Every state-changing route the issue lists, with a body it would accept. */
const ROUTES: Array<[string, string, unknown]> = [
  ['POST', '/api/ai/company-summary', { requestId: '00000000-0000-4000-8000-000000000001' }],
  ['POST', '/api/companies', { name: 'Outra Ltda', cnpj: '11222333000181' }],
  ['PATCH', '/api/companies/current', { name: 'Renomeada Ltda' }],
  ['POST', '/api/invitations', { email: 'convidado@exemplo.com.br', role: 'vendas' }],
  ['PUT', '/api/profile', { first_name: 'Eva', last_name: 'Lima' }],
  ['POST', '/api/billing/checkout/coins', { packageId: 'starter' }],
  ['POST', '/api/auth/sign-out', {}],
];

describe('cross-site requests', () => {
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path} from another origin is a 403 in Portuguese, whatever the content type`, async () => {
      for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencoded']) {
        const res = await post(path, { method, headers: { origin: 'https://evil.example', 'content-type': type }, body: JSON.stringify(body) });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: 'Origem da requisição não permitida.', code: 'FORBIDDEN_ORIGIN' });
      }
    });

    it(`${method} ${path} without Origin but marked cross-site by the browser is a 403`, async () => {
      for (const site of ['cross-site', 'same-site']) {
        const res = await post(path, { method, headers: { 'sec-fetch-site': site, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect(res.status).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN_ORIGIN');
      }
    });
  }

  it("Origin: null (a sandboxed frame, a data: page) is refused", async () => {
    const res = await post('/api/ai/company-summary', { headers: { origin: 'null', 'content-type': 'application/json' }, body: '{"requestId":"00000000-0000-4000-8000-000000000001"}' });
    expect(res.status).toBe(403);
  });

  it('the app itself (APP_URL origin, same-origin fetch) is accepted', async () => {
    const res = await post('/api/ai/company-summary', {
      headers: { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: '00000000-0000-4000-8000-000000000001' }),
    });
    // Accepted by the origin check: the action itself answers (here: no AI configured on this server).
    expect(res.status).not.toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('AI_NOT_CONFIGURED');
  });

  it('a request without Origin nor Sec-Fetch-Site (curl, a server) passes the origin check', async () => {
    const res = await post('/api/companies/current', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).not.toBe(403);
  });

  it('safe methods are not checked: a cross-site GET still answers', async () => {
    const res = await server.request('/api/health', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });

  it('the Stripe webhook is exempt (its signature is the authentication)', async () => {
    const res = await post('/api/billing/webhooks/stripe', { headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).not.toBe(403);
  });
});

describe('JSON routes require a JSON content type', () => {
  for (const [method, path, body] of ROUTES.filter(([, p]) => !p.startsWith('/api/auth'))) {
    it(`${method} ${path} with text/plain is a 415 in Portuguese`, async () => {
      for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, {} as Record<string, string>]) {
        const res = await post(path, { method, headers, body: JSON.stringify(body) });
        expect(res.status).toBe(415);
        expect(await res.json()).toMatchObject({ error: 'Envie os dados em JSON (Content-Type: application/json).', code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    });
  }

  it('application/json with a charset is JSON', async () => {
    const res = await post('/api/companies/current', { method: 'PATCH', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"name":"Padaria Charset Ltda"}' });
    expect(res.status).toBe(200);
  });

  it('a JSON content type with a body that is not JSON is still a 400', async () => {
    const res = await post('/api/companies/current', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('Corpo da requisição inválido: envie JSON.');
  });
});
