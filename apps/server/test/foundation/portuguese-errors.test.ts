import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portugueseAuthErrors } from '../../src/http/auth-bad-request.ts';
import { createConfirmedUser, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin } from '../team/support.ts';

/**
 * Every error the API answers is in Portuguese: zod's top-level type errors (a body that is
 * null, an array, a string…) and better-auth's 400/401/403/422/429 (decision 0079).
 */
let server: TestServer;
let admin: CookieJar;
let existing: { email: string; password: string };
beforeAll(async () => {
  server = await startTestServer();
  const made = await createCompanyWithAdmin(server);
  admin = made.admin.jar;
  existing = made.admin;
});
afterAll(async () => {
  await server?.stop();
});

const ENGLISH = /\b(invalid|expected|received|too many|required|must|failed|not found|error|unauthorized|forbidden|please|input|origin|password|email is|user)\b/i;

/** The Portuguese message of an error answer: `error` for our API, `message` too for better-auth's. */
async function expectPortuguese(res: Response, context: string) {
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  const body = (await res.json()) as { error?: unknown; message?: unknown; code?: unknown };
  expect(typeof body.code, context).toBe('string');
  const texts = [body.error, body.message].filter((t) => t !== undefined);
  expect(texts.length, context).toBeGreaterThan(0);
  expect(typeof body.error, `${context}: ${JSON.stringify(body)}`).toBe('string');
  for (const text of texts) {
    expect(typeof text, context).toBe('string');
    expect(text as string, `${context}: ${JSON.stringify(body)}`).not.toMatch(ENGLISH);
  }
  return body as { error: string; code: string; message?: string };
}

const BAD_BODIES = ['null', '[]', '[{"email":"a@b.com"}]', '"texto"', '42', 'true', '{}', '{"email":null,"password":7}', '{"name":["x"]}'];

const APP_ENDPOINTS: Array<[string, string]> = [
  ['POST', '/api/companies'],
  ['PATCH', '/api/companies/current'],
  ['POST', '/api/ai/company-summary'],
  ['POST', '/api/billing/checkout/coins'],
  ['POST', '/api/invitations'],
  ['POST', '/api/invitations/accept'],
  ['PUT', '/api/profile'],
  ['POST', '/api/onboarding/recommend-plan'],
  ['POST', '/api/cnpj/lookup'],
];
const AUTH_ENDPOINTS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/reset-password'];

describe('bad bodies: every answer is in Portuguese', () => {
  for (const [method, path] of APP_ENDPOINTS) {
    it(`${method} ${path}`, async () => {
      for (const body of BAD_BODIES) {
        const res = await server.request(path, { method, headers: { 'content-type': 'application/json' }, body, jar: admin });
        const answer = await expectPortuguese(res, `${method} ${path} ${body}`);
        expect(answer.error).not.toBe('');
      }
    });
  }

  it('a body that is not an object gets its own message', async () => {
    for (const body of ['null', '[]', '"texto"', '42']) {
      const res = await server.request('/api/companies', { method: 'POST', headers: { 'content-type': 'application/json' }, body, jar: admin });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('Dados inválidos: envie um objeto JSON.');
    }
  });

  for (const path of AUTH_ENDPOINTS) {
    it(`POST ${path}`, async () => {
      for (const body of [...BAD_BODIES, '{nope']) {
        const res = await server.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await expectPortuguese(res, `${path} ${body}`);
      }
    });
  }
});

describe("better-auth's answers in Portuguese, code and status kept", () => {
  it('401 wrong credentials', async () => {
    const res = await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email: existing.email, password: 'errada123' } });
    expect(res.status).toBe(401);
    expect(await expectPortuguese(res, '401')).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', error: 'Credenciais inválidas', message: 'Credenciais inválidas' });
  });

  it('403 e-mail not confirmed', async () => {
    const email = `naoconfirmado.${Date.now().toString(36)}@exemplo.com.br`;
    await server.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'segredo123', name: 'Rui Lima', firstName: 'Rui', lastName: 'Lima' } });
    const res = await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'segredo123' } });
    expect(res.status).toBe(403);
    expect(await expectPortuguese(res, '403')).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: 'Email não confirmado, verifique sua caixa de entrada' });
  });

  // better-auth skips its own origin check when it detects a test run (isTest()), so its
  // INVALID_ORIGIN answers are checked here through the translation itself.
  it("403 better-auth's origin and redirect refusals", async () => {
    for (const [code, english] of [
      ['INVALID_ORIGIN', 'Invalid origin'],
      ['MISSING_OR_NULL_ORIGIN', 'Missing or null Origin'],
      ['INVALID_CALLBACK_URL', 'Invalid callbackURL'],
      ['INVALID_REDIRECT_URL', 'Invalid redirectURL'],
      ['CROSS_SITE_NAVIGATION_LOGIN_BLOCKED', 'Cross-site navigation login blocked. This request appears to be a CSRF attack.'],
    ]) {
      const res = await portugueseAuthErrors(
        new Response(JSON.stringify({ code, message: english }), { status: 403, headers: { 'content-type': 'application/json' } }),
      );
      expect(res.status).toBe(403);
      expect((await expectPortuguese(res, code!)).code).toBe(code);
    }
  });

  it('422 e-mail already registered', async () => {
    const res = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: existing.email, password: 'segredo123', name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza' },
    });
    expect(res.status).toBe(422);
    expect(await expectPortuguese(res, '422')).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: 'Email já cadastrado' });
  });

  it("429 from better-auth's limiter becomes the API's RATE_LIMITED with the wait", async () => {
    const english = new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'x-retry-after': '17' },
    });
    const res = await portugueseAuthErrors(english);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('17');
    expect(await expectPortuguese(res, '429')).toMatchObject({ code: 'RATE_LIMITED', error: 'Muitas tentativas. Tente novamente em 17 segundos.' });
  });

  it('an unknown code falls back to a Portuguese message for its status', async () => {
    for (const status of [400, 401, 403, 422]) {
      const res = await portugueseAuthErrors(
        new Response(JSON.stringify({ code: 'SOMETHING_NEW', message: 'Something new went wrong' }), { status, headers: { 'content-type': 'application/json' } }),
      );
      expect(res.status).toBe(status);
      expect((await expectPortuguese(res, `fallback ${status}`)).code).toBe('SOMETHING_NEW');
    }
  });

  it('a signed-in sign-in still works (the translation leaves successes alone)', async () => {
    const user = await createConfirmedUser(server, { email: `ok.${Date.now().toString(36)}@exemplo.com.br` });
    expect(user.userId).toBeTruthy();
  });
});
