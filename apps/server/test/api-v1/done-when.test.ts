import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, v1 } from '../api-keys/support.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { createCompanyWithAdmin, sql, type Person } from '../team/support.ts';
import { createEndpoint } from '../webhooks/support.ts';

/**
 * The open API's 'done when', start to end, as a developer with only the docs page does it: the
 * admin makes a key and a webhook endpoint; the integration reads the reference, creates a contact
 * and a deal (retrying the POST with its Idempotency-Key), wins the deal, receives the signed
 * `deal.won` at its own receiver (127.0.0.1) and verifies it with the Standard Webhooks library;
 * then meets the rate limit's answer, and the revoked key's 401.
 */
let server: TestServer;
let receiver: WebhookReceiver;
let companyId: string;
let admin: Person;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Loja Integrada Ltda'));
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('the open API, done when', () => {
  it('a key, a contact and a deal, a verified deal.won at the receiver, an idempotent retry, the rate limit, and the revoked key', async () => {
    // The docs page and the document it renders.
    expect((await server.request('/api/docs')).status).toBe(200);
    const doc = (await (await server.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown>; components: { securitySchemes: Record<string, unknown> } };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/people', '/api/v1/deals', '/api/v1/deals/{id}/won']));

    // Administração › Integrações: the key (shown once) and the endpoint (its secret shown once).
    const { key, secret } = await createApiKey(server, admin.jar, { name: 'Loja virtual', permissions: ['parties.read', 'parties.write', 'crm.read', 'crm.write'] });
    // Its per-minute budget, lowered here (before its first call) so the journey meets the limit's answer quickly.
    await sql(server, 'UPDATE api_keys SET rate_limit_per_minute = 25 WHERE id = $1', [key.id]);
    const endpoint = await createEndpoint(server, admin, { url: receiver.url, events: ['contact.created', 'deal.won'], description: 'Loja virtual' });
    expect(endpoint.secret).toMatch(/^whsec_/);

    // A contact, its POST retried with the same Idempotency-Key: the first answer, one person.
    const person = { name: 'Cliente da Loja', emails: ['cliente@loja.com.br'] };
    const first = await v1(server, secret, '/people', { json: person, headers: { 'idempotency-key': 'pedido-1001-contato' } });
    expect(first.status).toBe(201);
    const retry = await v1(server, secret, '/people', { json: person, headers: { 'idempotency-key': 'pedido-1001-contato' } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    const reused = await v1(server, secret, '/people', { json: { ...person, name: 'Outra pessoa' }, headers: { 'idempotency-key': 'pedido-1001-contato' } });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await sql(server, 'SELECT count(*)::int AS n FROM people WHERE company_id = $1', [companyId])).toEqual([{ n: 1 }]);

    // A deal for the contact, won.
    const pipelines = await v1(server, secret, '/pipelines');
    const deal = await v1(server, secret, '/deals', { json: { title: 'Pedido 1001', valueCents: 129_900, pipelineId: pipelines.body.data[0].id, personIds: [first.body.id] }, headers: { 'idempotency-key': 'pedido-1001-negocio' } });
    expect(deal.status, JSON.stringify(deal.body)).toBe(201);
    const won = await v1(server, secret, `/deals/${deal.body.id}/won`, { json: { reason: 'Preço competitivo' } });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body.status).toBe('won');

    // The receiver gets both events, each once, and verifies them with the endpoint's secret.
    const typeOf = (body: string) => (JSON.parse(body) as { type: string }).type;
    const wonHook = await eventually(async () => receiver.received.find((r) => typeOf(r.body) === 'deal.won'), Boolean, { timeoutMs: 20_000 });
    const payload = receiver.verify(wonHook, endpoint.secret);
    expect(payload).toMatchObject({ type: 'deal.won', data: { id: deal.body.id, title: 'Pedido 1001', valueCents: 129_900 } });
    expect(wonHook.headers['webhook-id']).toMatch(/^msg_/);
    const contactHook = await eventually(async () => receiver.received.find((r) => typeOf(r.body) === 'contact.created'), Boolean, { timeoutMs: 20_000 });
    expect(receiver.verify(contactHook, endpoint.secret).data).toMatchObject({ id: first.body.id });
    // A body changed on the way, or another secret, does not verify.
    expect(() => receiver.verify({ ...wonHook, body: wonHook.body.replace('129900', '1') }, endpoint.secret)).toThrow();
    expect(() => receiver.verify(wonHook, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === wonHook.headers['webhook-id'])).toHaveLength(1);

    // The rate limit: RateLimit-* on every answer, then 429 with Retry-After once the minute's budget is spent.
    const answers = [];
    for (let i = 0; i < 30; i++) {
      const res = await v1(server, secret, '/deals?limit=1');
      answers.push(res);
      if (res.status === 429) break;
    }
    const limited = answers.at(-1)!;
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-limit')).toBe('25');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(answers[0]!.headers.get('ratelimit-remaining')).not.toBeNull();

    // Revoked: 401 at once, nothing written.
    expect((await server.request(`/api/api-keys/${key.id}/revoke`, { method: 'POST', jar: admin.jar })).status).toBe(200);
    const revoked = await v1(server, secret, '/people', { json: { name: 'Depois da revogação' } });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('KEY_REVOKED');
    expect(await sql(server, 'SELECT count(*)::int AS n FROM people WHERE company_id = $1', [companyId])).toEqual([{ n: 1 }]);
  });
});
