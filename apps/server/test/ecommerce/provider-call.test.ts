import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerCall } from '../../src/modules/ecommerce/http.ts';
import { readBody, replyJson } from '../support/fake-http.ts';

/**
 * A provider's API call (decision 0775: undici's `request` instead of `fetch`): the answer's status,
 * JSON and headers as before; no answer, a redirect or a call past the timeout are the provider
 * unreachable (409), in Portuguese.
 */
const P = { label: 'Loja Teste', code: 'LOJA', timeoutMs: 300 };
let server: Server;
let base = '';
const seen: Array<{ method: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = (await readBody(req)).toString('utf8');
    seen.push({ method: req.method ?? '', headers: req.headers, body });
    if (req.url === '/orders') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '42', link: ['<a>; rel="next"', '<b>; rel="last"'] });
      return res.end(JSON.stringify([{ id: 1, nome: 'Pedido ação' }]));
    }
    if (req.url === '/missing') return replyJson(res, 404, { code: 404, description: 'Não existe' });
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/orders' });
      return res.end();
    }
    if (req.url === '/text') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>Bad gateway</html>');
    }
    if (req.url === '/slow') return; // never answers
    return replyJson(res, 200, { ok: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('providerCall', () => {
  it("answers the provider's status, JSON and headers", async () => {
    const res = await providerCall(P, `${base}/orders`, { headers: { authentication: 'bearer abc' } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ id: 1, nome: 'Pedido ação' }]);
    expect(res.headers.get('X-Total-Count')).toBe('42');
    expect(res.headers.get('link')).toBe('<a>; rel="next", <b>; rel="last"');
    expect(res.headers.get('x-absent')).toBeNull();
    const sent = seen.at(-1)!;
    expect(sent.headers.accept).toBe('application/json');
    expect(sent.headers.authentication).toBe('bearer abc');
    expect(sent.headers['user-agent']).toBeTruthy();
  });

  it('sends JSON and forms with their content type', async () => {
    await providerCall(P, `${base}/echo`, { method: 'POST', json: { code: 'xyz' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"code":"xyz"}', headers: { 'content-type': 'application/json' } });
    await providerCall(P, `${base}/echo`, { method: 'POST', form: { grant_type: 'refresh_token', refresh_token: 'r t' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: 'grant_type=refresh_token&refresh_token=r+t', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  });

  it("a refusal comes back as the provider's status and words; a body that is not JSON as null", async () => {
    expect(await providerCall(P, `${base}/missing`)).toMatchObject({ status: 404, data: { code: 404, description: 'Não existe' } });
    expect(await providerCall(P, `${base}/text`)).toMatchObject({ status: 502, data: null });
  });

  it('no answer, a redirect and a call past the timeout are the provider unreachable', async () => {
    const unreachable = { status: 409, code: 'LOJA_UNREACHABLE', message: 'Não foi possível falar com a Loja Teste agora. Tente novamente em alguns instantes.' };
    await expect(providerCall(P, `${base}/moved`)).rejects.toMatchObject(unreachable);
    const started = Date.now();
    await expect(providerCall(P, `${base}/slow`)).rejects.toMatchObject(unreachable);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(providerCall(P, 'http://127.0.0.1:1/nada')).rejects.toMatchObject(unreachable);
  });
});
