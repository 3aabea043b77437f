import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { applyHeldHeaders, holdAnswerHeaders, securedResponder, securityHeaders, takeAnswerHeaders } from '../../src/http/security.ts';
import { AppError, handleError } from '../../src/http/errors.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The CSP's directives as a map: name → sources. */
function csp(res: Response) {
  const value = res.headers.get('content-security-policy') ?? '';
  return new Map(value.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

describe('security headers', () => {
  for (const [what, path] of [
    ['the web app', '/'],
    ['a deep link with a token (the reset page)', '/auth?reset=true&token=abc'],
    ['the signer’s page, a page of its own', '/assinar/abc'],
    ['the API', '/api/health'],
    ['an API error', '/api/me'],
    ['better-auth', '/api/auth/get-session'],
  ] as const) {
    it(`${what} (${path}) is sent with every header`, async () => {
      const res = await server.request(path);
      const policy = csp(res);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]); // no inline script, no eval
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      // Images: ours, data: and object URLs the page made itself, never another origin's.
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // A reset or invitation link carries its token in the query: no page ever sends a Referer.
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const permissions = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(feature);
      // Served over http (APP_URL is http here): no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    });
  }

  for (const [page, path, title] of [
    ['index.html', '/', 'Sede — gestão da sua empresa'],
    ['assinar.html (decision 0630)', '/assinar/abc', 'Assinar documento · Sede'],
  ] as const) {
    it(`the built ${page} (${path}) has no inline script or style for the CSP to block`, async () => {
      const res = await server.request(path);
      const html = await res.text();
      if (res.status === 503) return expect(html).toContain('npm run build'); // web not built: nothing to serve
      expect(res.status).toBe(200);
      expect(html).toContain(`<title>${title}</title>`);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc="\/assets\//);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/<style\b|\sstyle="|\son[a-z]+=/i);
    });
  }
});

describe('HSTS follows APP_URL', () => {
  const appWith = (APP_URL: string) => {
    const cfg = loadConfig({ NODE_ENV: 'test', APP_URL } as NodeJS.ProcessEnv);
    return new Hono().use('*', securityHeaders(cfg)).get('/', (c) => c.text('ok'));
  };

  it('https: HSTS for a year and insecure requests upgraded', async () => {
    const res = await appWith('https://sede.exemplo.com.br').request('/');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res).has('upgrade-insecure-requests')).toBe(true);
  });

  it('http: neither', async () => {
    const res = await appWith('http://localhost:3000').request('/');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('answers built with their security headers (securedResponder, decision 0763)', () => {
  const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };
  const appFor = (APP_URL: string, secured: (body: string) => Response) => {
    const cfg = loadConfig({ NODE_ENV: 'test', APP_URL } as NodeJS.ProcessEnv);
    return new Hono()
      .use('*', securityHeaders(cfg))
      .get('/ordinary', (c) => c.body('{"a":1}', 200, JSON_TYPE))
      .get('/secured', () => secured('{"a":1}'));
  };
  const headersOf = async (res: Response) => Object.fromEntries(res.headers);

  for (const APP_URL of ['http://localhost:3000', 'https://sede.exemplo.com.br']) {
    it(`carry exactly the headers of an ordinary answer (${APP_URL})`, async () => {
      const cfg = loadConfig({ NODE_ENV: 'test', APP_URL } as NodeJS.ProcessEnv);
      const secured = securedResponder(cfg, JSON_TYPE);
      await new Promise((resolve) => setImmediate(resolve)); // the derivation settles in microtasks
      const app = appFor(APP_URL, secured);
      const ordinary = await headersOf(await app.request('/ordinary'));
      expect(ordinary['content-security-policy']).toContain("default-src 'self'");
      expect(await headersOf(await app.request('/secured'))).toEqual(ordinary);
    });
  }

  it('before the headers are derived, the middleware completes the answer itself', async () => {
    const cfg = loadConfig({ NODE_ENV: 'test', APP_URL: 'https://sede.exemplo.com.br' } as NodeJS.ProcessEnv);
    const secured = securedResponder(cfg, JSON_TYPE);
    const early = secured('{"a":1}'); // synchronously: nothing derived yet
    const app = appFor('https://sede.exemplo.com.br', () => early);
    const ordinary = await headersOf(await app.request('/ordinary'));
    expect(ordinary['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(await headersOf(await app.request('/secured'))).toEqual(ordinary);
  });

  it('the signed-in bootstrap (/api/me, decision 0775) carries those of an ordinary API answer, and is never stored', async () => {
    const { jar } = await createConfirmedUser(server, { email: `cabecalhos.${Date.now()}@exemplo.com.br` });
    // /api/health: an ordinary answer (the middleware completes it) of the same content type.
    const ordinary: Record<string, string> = { ...(await headersOf(await server.request('/api/health'))), 'content-type': 'application/json; charset=UTF-8' };
    // /api/ping, the bench's reference for /me, is answered the same way (decision 0775).
    expect(await headersOf(await server.request('/api/ping'))).toMatchObject({ ...ordinary, 'content-length': '11', date: expect.any(String) });
    for (let i = 0; i < 2; i++) {
      // The first from the database, the second from the viewer cache: the same headers.
      const res = await server.request('/api/me', { jar });
      expect(res.status).toBe(200);
      const { 'cache-control': cache, 'content-length': _l, date: _d, ...rest } = await headersOf(res);
      const { 'content-length': _ol, date: _od, ...expected } = ordinary;
      expect(cache).toBe('no-store');
      expect(rest).toEqual(expected);
    }
  });

  it("never stands for another configuration's headers", async () => {
    const https = loadConfig({ NODE_ENV: 'test', APP_URL: 'https://sede.exemplo.com.br' } as NodeJS.ProcessEnv);
    const http = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' } as NodeJS.ProcessEnv);
    securedResponder(https, JSON_TYPE);
    const secured = securedResponder(http, JSON_TYPE);
    await new Promise((resolve) => setImmediate(resolve));
    const res = await appFor('http://localhost:3000', secured).request('/secured');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });
});

describe("a middleware's headers held for the answer (the key's RateLimit-*, decision 0774)", () => {
  const JSON_TYPE = { 'content-type': 'application/json' };
  const HELD = { 'ratelimit-limit': '60', 'ratelimit-remaining': '59', 'ratelimit-reset': '60', 'ratelimit-policy': '60;w=60' };
  const appWith = async (APP_URL = 'http://localhost:3000') => {
    const cfg = loadConfig({ NODE_ENV: 'test', APP_URL } as NodeJS.ProcessEnv);
    const secured = securedResponder(cfg, JSON_TYPE);
    await new Promise((resolve) => setImmediate(resolve));
    const app = new Hono();
    app.onError(handleError);
    return app
      .use('*', securityHeaders(cfg))
      .use('*', async (c, next) => {
        holdAnswerHeaders(c, { ...HELD });
        try {
          await next();
        } finally {
          applyHeldHeaders(c);
        }
      })
      .get('/secured', (c) => secured('{"a":1}', takeAnswerHeaders(c)))
      .get('/ordinary', (c) => c.json({ a: 1 }))
      .get('/failed', () => {
        throw new AppError(404, 'NOT_FOUND', 'Não encontrado.');
      });
  };
  const held = (res: Response) => Object.fromEntries(Object.keys(HELD).map((name) => [name, res.headers.get(name)]));

  it('are in the secured answer\'s one record, with every security header, exactly once', async () => {
    const app = await appWith();
    const secured = await app.request('/secured');
    const ordinary = await app.request('/ordinary');
    expect(held(secured)).toEqual(HELD);
    // The same headers as an ordinary answer that got them after its route (content type aside).
    const names = (res: Response) => [...res.headers.keys()].filter((n) => n !== 'content-type').sort();
    expect(names(secured)).toEqual(names(ordinary));
    expect(secured.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await secured.json()).toEqual({ a: 1 });
  });

  it('are set after the route on any other answer, and on an error\'s answer', async () => {
    const app = await appWith('https://sede.exemplo.com.br');
    const ordinary = await app.request('/ordinary');
    expect(held(ordinary)).toEqual(HELD);
    expect(ordinary.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const failed = await app.request('/failed');
    expect(failed.status).toBe(404);
    expect(held(failed)).toEqual(HELD);
  });

  it('are handed over once: a record taken is not set again', async () => {
    const app = new Hono().get('/', (c) => {
      holdAnswerHeaders(c, { 'x-one': '1' });
      const first = takeAnswerHeaders(c);
      return c.json({ first, second: takeAnswerHeaders(c) });
    });
    expect(await (await app.request('/')).json()).toEqual({ first: { 'x-one': '1' }, second: null });
  });
});
