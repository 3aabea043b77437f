import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALAR_BUNDLE } from '../../src/modules/api-docs/routes.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('/api/docs', () => {
  it('renders the reference of /api/v1/openapi.json under a policy of its own: nonces only, the bundle from our origin by hash, no framing', async () => {
    const res = await server.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'nonce-${nonce}';`);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-(inline|eval)|https?:)/);
    expect(csp).not.toMatch(/https?:\/\//);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('x-sede-route-csp')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain(`<script src="${SCALAR_BUNDLE.path}" integrity="${SCALAR_BUNDLE.integrity}" nonce="${nonce}"`);
    expect(html).not.toMatch(/https?:\/\/(?!github\.com)/);
    expect(html).toContain('/api/v1/openapi.json');
    expect(html).toContain('lang="pt-BR"');
    // Every script carries the nonce; none runs without it.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce per answer.
    const again = (await server.request('/api/docs')).headers.get('content-security-policy')!;
    expect(again).not.toContain(nonce);
  });

  it('serves the pinned bundle itself, gzipped when the browser takes it, cached for good, bytes matching the hash', async () => {
    const zipped = await server.request(SCALAR_BUNDLE.path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toContain('text/javascript');
    expect(zipped.headers.get('cache-control')).toContain('immutable');
    // fetch decodes the gzip itself: the body is the script.
    const js = Buffer.from(await zipped.arrayBuffer());
    expect(`sha384-${createHash('sha384').update(js).digest('base64')}`).toBe(SCALAR_BUNDLE.integrity);
    const plain = await server.request(SCALAR_BUNDLE.path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(js)).toBe(true);
  });

  it('leaves the app’s own policy everywhere else', async () => {
    const csp = (await server.request('/api/v1/openapi.json')).headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('nonce-');
  });
});
