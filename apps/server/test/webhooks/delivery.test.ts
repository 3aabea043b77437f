import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Pipeline } from '@sede/shared/crm/deals';
import { WEBHOOK_MESSAGES as M, WEBHOOK_RESPONSE_MAX_CHARS, type WebhookDelivery, type WebhookEndpointWithSecret } from '@sede/shared/platform/webhooks';
import { setWebhookTimings, RETRY_DELAYS_MS, ATTEMPT_TIMEOUT_MS } from '../../src/modules/webhooks/timings.ts';
import { eventually } from '../support/eventually.ts';
import { stubDns } from '../support/stub-dns.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { createCompanyWithAdmin, sql, type Person } from '../team/support.ts';
import { createEndpoint, deliveriesOf, deliveryDetail, deliveryReaches, endpointOf, fastRetries, hooksApi } from './support.ts';

/**
 * Deliveries (decisions 0651–0652): what the modules do becomes signed POSTs to a receiver on
 * 127.0.0.1, verified with the Standard Webhooks library; failures are retried on the schedule
 * (shortened through its seam, never waited for), logged, resent, and end in disabling the endpoint.
 */
let server: TestServer;
let receiver: WebhookReceiver;
const dns = stubDns();

beforeAll(async () => {
  dns.addresses.set('rebind.exemplo.com.br', [[{ address: '93.184.216.34', family: 4 }], [{ address: '10.0.0.7', family: 4 }]]);
  server = await startTestServer({}, { dns });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});
afterEach(() => {
  receiver.respond = () => ({ status: 204 });
  setWebhookTimings(server.services, { retryDelaysMs: RETRY_DELAYS_MS, timeoutMs: ATTEMPT_TIMEOUT_MS });
});

/** A company with an admin and one endpoint on the receiver (its own path), subscribed to `events`. */
async function companyWithEndpoint(name: string, events: string[]): Promise<{ companyId: string; admin: Person; hook: WebhookEndpointWithSecret; path: string }> {
  const { companyId, admin } = await createCompanyWithAdmin(server, name);
  const path = `/hooks/${Math.random().toString(36).slice(2, 10)}`;
  const hook = await createEndpoint(server, admin, { url: receiver.url.replace('/hooks', path), events });
  return { companyId, admin, hook, path };
}
const arrivals = (path: string) => receiver.received.filter((r) => r.path === path);
const typesAt = (path: string, secret: string) => arrivals(path).map((r) => receiver.verify(r, secret).type);

async function api<T>(admin: Person, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await server.request(`/api${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: admin.jar });
  const body = (await res.json()) as T;
  expect(res.ok, `${path}: ${res.status} ${JSON.stringify(body)}`).toBe(true);
  return body;
}

describe('events from the modules, signed per Standard Webhooks', () => {
  it('contacts, deals, quotes and tasks done through the API arrive signed, each once, with the entity', async () => {
    const { admin, hook, path } = await companyWithEndpoint('Empresa Eventos', [
      'contact.created',
      'contact.updated',
      'deal.created',
      'deal.stage_changed',
      'deal.won',
      'deal.lost',
      'quote.accepted',
      'task.completed',
    ]);
    const person = await api<{ id: string }>(admin, '/parties/people', { json: { name: 'Joana Cliente', emails: ['joana@cliente.com.br'] } });
    await api(admin, `/parties/people/${person.id}`, { method: 'PATCH', json: { position: 'Compras' } });
    const { pipelines } = await api<{ pipelines: Pipeline[] }>(admin, '/crm/pipelines');
    const pipeline = pipelines[0]!;
    const deal = await api<{ id: string; stageId: string }>(admin, '/crm/deals', { json: { title: 'Contrato anual', valueCents: 120_000, pipelineId: pipeline.id } });
    const next = pipeline.stages.find((st) => st.id !== deal.stageId)!;
    await api(admin, `/crm/deals/${deal.id}/move`, { json: { stageId: next.id } });
    await api(admin, `/crm/deals/${deal.id}/won`, { json: { reason: 'Indicação' } });
    const lost = await api<{ id: string }>(admin, '/crm/deals', { json: { title: 'Perdido', pipelineId: pipeline.id } });
    await api(admin, `/crm/deals/${lost.id}/lost`, { json: { reason: 'Preço' } });
    const third = await api<{ id: string }>(admin, '/crm/deals', { json: { title: 'Pelo orçamento', pipelineId: pipeline.id } });
    const quote = await api<{ id: string }>(admin, `/crm-quotes/deals/${third.id}/quotes`, {
      json: { validUntil: '2099-12-31', items: [{ description: 'Consultoria', quantityMilli: 1000, unitPriceCents: 50_000 }] },
    });
    await api(admin, `/crm-quotes/quotes/${quote.id}/answer`, { json: { answer: 'aceito' } });
    const task = await api<{ id: string }>(admin, '/tasks', { json: { title: 'Ligar para a Joana' } });
    await api(admin, `/tasks/${task.id}`, { method: 'PATCH', json: { done: true } });

    const expected = ['contact.created', 'contact.updated', 'deal.created', 'deal.stage_changed', 'deal.won', 'deal.created', 'deal.lost', 'deal.created', 'quote.accepted', 'deal.won', 'task.completed'];
    await eventually(async () => arrivals(path).length, (n) => n >= expected.length, { timeoutMs: 20_000 });
    const payloads = arrivals(path).map((r) => receiver.verify(r, hook.secret));
    expect(payloads.map((p) => p.type).sort()).toEqual([...expected].sort());
    // Each event once: distinct webhook-ids, each arriving once.
    expect(new Set(arrivals(path).map((r) => r.headers['webhook-id'])).size).toBe(expected.length);

    const of = (type: string) => payloads.filter((p) => p.type === type).map((p) => p.data);
    expect(of('contact.created')[0]).toMatchObject({ object: 'person', id: person.id, name: 'Joana Cliente', emails: ['joana@cliente.com.br'] });
    expect(of('contact.updated')[0]).toMatchObject({ object: 'person', id: person.id, position: 'Compras' });
    expect(of('deal.stage_changed')[0]).toMatchObject({ object: 'deal', id: deal.id, stageId: next.id, previousStageId: deal.stageId });
    expect(of('deal.won').map((d) => d.id).sort()).toEqual([deal.id, third.id].sort());
    expect(of('deal.won').find((d) => d.id === deal.id)).toMatchObject({ status: 'won', valueCents: 120_000, wonReason: 'Indicação' });
    expect(of('deal.lost')[0]).toMatchObject({ id: lost.id, status: 'lost', lostReason: 'Preço' });
    expect(of('quote.accepted')[0]).toMatchObject({ object: 'quote', id: quote.id, dealId: third.id, totalCents: 50_000, status: 'aceito', answeredBy: 'team' });
    expect(of('task.completed')[0]).toMatchObject({ object: 'task', id: task.id, title: 'Ligar para a Joana' });
    expect(typeof of('task.completed')[0]!.doneAt).toBe('string');
    // Standard Webhooks' headers and payload shape.
    const first = arrivals(path)[0]!;
    expect(first.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(first.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(first.headers['content-type']).toBe('application/json');
    expect(() => receiver.verify(first, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();
  });

  it('receivables paid, notes issued, documents signed and conversations opened, whatever code writes them', async () => {
    const { companyId, hook, path } = await companyWithEndpoint('Empresa Financeira', ['receivable.paid', 'invoice.issued', 'document.signed', 'conversation.created']);
    const [entry] = await sql(
      server,
      `INSERT INTO fin_entries (company_id, kind, description, amount_cents, due_date, competence_date) VALUES ($1, 'receivable', 'Mensalidade', 9900, '2026-12-10', '2026-12-01') RETURNING id`,
      [companyId],
    );
    await sql(server, "UPDATE fin_entries SET paid_cents = 9900, status = 'paid', settled_date = '2026-12-04' WHERE id = $1", [entry!.id]);
    await sql(server, "UPDATE fin_entries SET notes = 'paga' WHERE id = $1", [entry!.id]); // still paid: no second event
    await sql(
      server,
      `INSERT INTO nfse_invoices (company_id, entry_id, environment, serie, number, dps_id, access_key, service_code, amount_cents) VALUES ($1, $2, 'restricted', '900', 7, 'DPS1', 'CHAVE123', '010101', 9900)`,
      [companyId, entry!.id],
    );
    const [env] = await sql(server, `INSERT INTO signature_envelopes (company_id, title, expires_on, verification_code) VALUES ($1, 'Contrato de serviço', '2099-01-01', $2) RETURNING id`, [
      companyId,
      `V${Date.now()}`,
    ]);
    await sql(server, "UPDATE signature_envelopes SET status = 'enviado' WHERE id = $1", [env!.id]);
    await sql(server, "UPDATE signature_envelopes SET status = 'assinado', completed_at = now() WHERE id = $1", [env!.id]);
    const [conv] = await sql(server, "INSERT INTO inbox_conversations (company_id, visitor_name) VALUES ($1, 'Visitante') RETURNING id", [companyId]);

    await eventually(async () => arrivals(path).length, (n) => n >= 4);
    const byType = Object.fromEntries(arrivals(path).map((r) => receiver.verify(r, hook.secret)).map((p) => [p.type, p.data]));
    expect(Object.keys(byType).sort()).toEqual(['conversation.created', 'document.signed', 'invoice.issued', 'receivable.paid']);
    expect(byType['receivable.paid']).toMatchObject({ object: 'receivable', id: entry!.id, amountCents: 9900, paidCents: 9900, status: 'paid', settledDate: '2026-12-04' });
    expect(byType['invoice.issued']).toMatchObject({ object: 'invoice', receivableId: entry!.id, number: 7, accessKey: 'CHAVE123' });
    expect(byType['document.signed']).toMatchObject({ object: 'envelope', id: env!.id, title: 'Contrato de serviço', status: 'assinado' });
    expect(byType['conversation.created']).toMatchObject({ object: 'conversation', id: conv!.id, visitorName: 'Visitante' });
    expect(arrivals(path)).toHaveLength(4);
  });

  it('records nothing for a company without an endpoint that wants the event', async () => {
    const { companyId, hook } = await companyWithEndpoint('Empresa Seletiva', ['deal.won']);
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Ninguém quer')", [companyId]);
    await hooksApi(server, `/endpoints/${hook.endpoint.id}`, { jar: { cookie: '' } });
    const bare = await createCompanyWithAdmin(server, 'Empresa Sem Webhooks');
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Sem webhook')", [bare.companyId]);
    const rows = await sql(server, 'SELECT count(*)::int AS n FROM webhook_outbox WHERE company_id = ANY ($1::uuid[])', [[companyId, bare.companyId]]);
    expect(rows[0]!.n).toBe(0);
  });

  it('during a rotation both secrets sign, so a receiver still on the old one verifies', async () => {
    const { admin, hook, path } = await companyWithEndpoint('Empresa Rotação', ['contact.created']);
    const rotated = await hooksApi<WebhookEndpointWithSecret>(server, `/endpoints/${hook.endpoint.id}/secret`, admin, { method: 'POST' });
    await api(admin, '/parties/people', { json: { name: 'Depois da troca' } });
    const [arrival] = await eventually(async () => arrivals(path), (a) => a.length === 1);
    expect(arrival!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(receiver.verify(arrival!, rotated.body.secret).type).toBe('contact.created');
    expect(receiver.verify(arrival!, hook.secret).type).toBe('contact.created');
  });
});

describe('the delivery log, test and resend', () => {
  it("'Enviar teste' delivers a webhook.test to that endpoint and logs the answer, cut", async () => {
    const { admin, hook, path } = await companyWithEndpoint('Empresa Teste', ['deal.won']);
    receiver.respond = () => ({ status: 200, body: 'ok-'.repeat(2000) });
    const sent = await hooksApi<{ delivery: WebhookDelivery }>(server, `/endpoints/${hook.endpoint.id}/test`, admin, { method: 'POST' });
    expect(sent.status).toBe(202);
    expect(sent.body.delivery).toMatchObject({ eventType: 'webhook.test', endpointId: hook.endpoint.id });
    const done = await deliveryReaches(server, admin, sent.body.delivery.id, ['delivered']);
    expect(done).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
    expect(typesAt(path, hook.secret)).toEqual(['webhook.test']);
    const detail = await deliveryDetail(server, admin, done.id);
    expect(JSON.parse(detail.requestBody)).toMatchObject({ type: 'webhook.test', data: { object: 'test', endpointId: hook.endpoint.id } });
    expect(detail.webhookId).toBe(arrivals(path)[0]!.headers['webhook-id']);
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ attempt: 1, manual: true, statusCode: 200, error: null });
    expect(detail.attempts[0]!.responseBody).toHaveLength(WEBHOOK_RESPONSE_MAX_CHARS);
    expect(detail.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('resends with the same webhook-id; not while one is queued; lists newest first by pages and status', async () => {
    const { companyId, admin, hook, path } = await companyWithEndpoint('Empresa Reenvio', ['contact.created']);
    await sql(server, "INSERT INTO people (company_id, name) SELECT $1, 'Pessoa ' || g FROM generate_series(1, 3) g", [companyId]);
    await eventually(async () => (await deliveriesOf(server, admin, hook.endpoint.id)).filter((d) => d.status === 'delivered').length, (n) => n === 3);
    const page1 = await hooksApi<{ deliveries: WebhookDelivery[]; nextCursor: string | null }>(server, `/endpoints/${hook.endpoint.id}/deliveries?limit=2`, admin);
    expect(page1.body.deliveries).toHaveLength(2);
    const page2 = await hooksApi<{ deliveries: WebhookDelivery[]; nextCursor: string | null }>(server, `/endpoints/${hook.endpoint.id}/deliveries?limit=2&cursor=${page1.body.nextCursor}`, admin);
    expect(page2.body).toMatchObject({ nextCursor: null });
    expect(page2.body.deliveries).toHaveLength(1);
    const all = [...page1.body.deliveries, ...page2.body.deliveries];
    expect(new Set(all.map((d) => d.id)).size).toBe(3);
    expect(all.map((d) => d.createdAt)).toEqual([...all.map((d) => d.createdAt)].sort().reverse());
    expect((await hooksApi(server, `/endpoints/${hook.endpoint.id}/deliveries?cursor=lixo`, admin)).body.error).toBe(M.cursor);
    expect((await hooksApi<{ deliveries: unknown[] }>(server, `/endpoints/${hook.endpoint.id}/deliveries?status=failed`, admin)).body.deliveries).toHaveLength(0);

    const target = all[2]!;
    const before = arrivals(path).length;
    receiver.respond = () => ({ status: 204, delayMs: 300 });
    const resent = await hooksApi<{ delivery: WebhookDelivery }>(server, `/deliveries/${target.id}/resend`, admin, { method: 'POST' });
    expect(resent.status).toBe(202);
    expect(['pending', 'sending']).toContain(resent.body.delivery.status);
    const again = await hooksApi(server, `/deliveries/${target.id}/resend`, admin, { method: 'POST' });
    expect(again).toMatchObject({ status: 409, body: { error: M.alreadyQueued } });
    const done = await deliveryReaches(server, admin, target.id, ['delivered']);
    expect(done.attempts).toBe(2);
    expect(arrivals(path)).toHaveLength(before + 1);
    const ids = arrivals(path).map((r) => r.headers['webhook-id']);
    expect(ids.filter((id) => id === ids.at(-1))).toHaveLength(2);
    const detail = await deliveryDetail(server, admin, target.id);
    expect(detail.attempts.map((a) => [a.attempt, a.manual])).toEqual([
      [2, true],
      [1, false],
    ]);
  });
});

describe('retries on the schedule', () => {
  it('after a 500 the next attempt succeeds; the log keeps both', async () => {
    const { companyId, admin, hook, path } = await companyWithEndpoint('Empresa Instável', ['contact.created']);
    fastRetries(server, 3);
    receiver.respond = (r) => (arrivals(path).indexOf(r) === 0 ? { status: 500, body: 'erro interno' } : { status: 204 });
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Tenta de novo')", [companyId]);
    const [delivery] = await eventually(async () => deliveriesOf(server, admin, hook.endpoint.id), (d) => d[0]?.status === 'delivered');
    expect(delivery).toMatchObject({ attempts: 2, lastStatusCode: 204 });
    const detail = await deliveryDetail(server, admin, delivery!.id);
    expect(detail.attempts.map((a) => [a.attempt, a.statusCode, a.responseBody])).toEqual([
      [2, 204, ''],
      [1, 500, 'erro interno'],
    ]);
    const ids = arrivals(path).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect((await endpointOf(server, admin, hook.endpoint.id)).failingSince).toBeNull();
  });

  it('after a timeout the next attempt succeeds', async () => {
    const { companyId, admin, hook, path } = await companyWithEndpoint('Empresa Lenta', ['contact.created']);
    fastRetries(server, 3, 300);
    receiver.respond = (r) => (arrivals(path).indexOf(r) === 0 ? { status: 204, delayMs: 2_000 } : { status: 204 });
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Demora')", [companyId]);
    const [delivery] = await eventually(async () => deliveriesOf(server, admin, hook.endpoint.id), (d) => d[0]?.status === 'delivered');
    const detail = await deliveryDetail(server, admin, delivery!.id);
    expect(detail.attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [2, 204, null],
      [1, null, 'Sem resposta em 0,3 s.'],
    ]);
  });

  it('a redirect is not followed and counts as a failure', async () => {
    const { admin, hook, path } = await companyWithEndpoint('Empresa Redireciona', ['deal.won']);
    receiver.respond = () => ({ status: 302 });
    const sent = await hooksApi<{ delivery: WebhookDelivery }>(server, `/endpoints/${hook.endpoint.id}/test`, admin, { method: 'POST' });
    const done = await deliveryReaches(server, admin, sent.body.delivery.id, ['failed']);
    expect(done).toMatchObject({ lastStatusCode: 302, attempts: 1 });
    expect(done.lastError).toContain('redirecionamento');
    expect(arrivals(path)).toHaveLength(1);
  });

  it('the real schedule spans about three days and the next attempt waits for it', async () => {
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(71.58, 1);
    const { companyId, admin, hook } = await companyWithEndpoint('Empresa Agenda', ['contact.created']);
    receiver.respond = () => ({ status: 503 });
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Espera')", [companyId]);
    const [delivery] = await eventually(async () => deliveriesOf(server, admin, hook.endpoint.id), (d) => d[0]?.status === 'pending' && d[0].attempts === 1);
    const wait = new Date(delivery!.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(5_000);
    const [job] = await sql(server, "SELECT start_after > now() + interval '3 seconds' AS later FROM pgboss.job WHERE name = 'webhooks-deliver' AND data->>'deliveryId' = $1 AND (data->>'attempt')::int = 2", [delivery!.id]);
    expect(job!.later).toBe(true);
    // Turning the endpoint off cancels what waits.
    await hooksApi(server, `/endpoints/${hook.endpoint.id}`, admin, { method: 'PATCH', json: { enabled: false } });
    await sql(server, "UPDATE pgboss.job SET start_after = now() WHERE name = 'webhooks-deliver' AND data->>'deliveryId' = $1", [delivery!.id]);
    await deliveryReaches(server, admin, delivery!.id, ['canceled']);
  });
});

describe('persistent failure', () => {
  it('after every attempt of the schedule fails, the endpoint is disabled and the admins are told', async () => {
    const { companyId, admin, hook, path } = await companyWithEndpoint('Empresa Fora do Ar', ['contact.created']);
    const healthy = await createEndpoint(server, admin, { url: receiver.url.replace('/hooks', '/saudavel'), events: ['contact.created'] });
    fastRetries(server, 2);
    receiver.respond = (r) => (r.path === path ? { status: 500 } : { status: 204 });
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Nunca chega')", [companyId]);
    const [failed] = await eventually(async () => deliveriesOf(server, admin, hook.endpoint.id), (d) => d[0]?.status === 'failed', { timeoutMs: 20_000 });
    expect(failed!.attempts).toBe(3);
    expect(arrivals(path)).toHaveLength(3);
    const endpoint = await endpointOf(server, admin, hook.endpoint.id);
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(endpoint.failingSince).not.toBeNull();
    expect((await endpointOf(server, admin, healthy.endpoint.id)).enabled).toBe(true);
    const notes = await sql(server, "SELECT user_id, kind, title, body, link FROM notifications WHERE company_id = $1 AND kind = 'alert'", [companyId]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ user_id: admin.userId, title: 'Webhook desativado após 3 dias de falhas', link: '/admin/integracoes?aba=webhooks' });
    expect(notes[0]!.body).toContain(receiver.url.replace('/hooks', path));
    const audit = await sql(server, "SELECT user_id FROM activity_log WHERE company_id = $1 AND action = 'webhook_endpoint_disabled'", [companyId]);
    expect(audit).toEqual([{ user_id: null }]);
    // Off: new events are not even recorded for it; the test and resend say why.
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Depois')", [companyId]);
    await eventually(async () => arrivals('/saudavel').length, (n) => n >= 2);
    expect(arrivals(path)).toHaveLength(3);
    expect((await hooksApi(server, `/endpoints/${hook.endpoint.id}/test`, admin, { method: 'POST' })).body.error).toBe(M.disabled);
  });

  it('an endpoint that succeeded since the failing delivery began stays on', async () => {
    const { companyId, admin, hook, path } = await companyWithEndpoint('Empresa Intermitente', ['contact.created']);
    // One retry, an hour later: this test moves it forward itself once the other event succeeded.
    setWebhookTimings(server.services, { retryDelaysMs: [3_600_000] });
    receiver.respond = (r) => ((JSON.parse(r.body) as { data: { name: string } }).data.name === 'Falha' ? { status: 500 } : { status: 204 });
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Falha')", [companyId]);
    const [failing] = await eventually(async () => deliveriesOf(server, admin, hook.endpoint.id), (d) => d[0]?.status === 'pending' && d[0].attempts === 1);
    await sql(server, "INSERT INTO people (company_id, name) VALUES ($1, 'Sucesso')", [companyId]);
    await eventually(async () => (await deliveriesOf(server, admin, hook.endpoint.id)).some((d) => d.status === 'delivered'));
    await sql(server, "UPDATE pgboss.job SET start_after = now() WHERE name = 'webhooks-deliver' AND data->>'deliveryId' = $1 AND state = 'created'", [failing!.id]);
    await deliveryReaches(server, admin, failing!.id, ['failed']);
    expect((await endpointOf(server, admin, hook.endpoint.id)).enabled).toBe(true);
    expect(arrivals(path)).toHaveLength(3);
  });
});

describe('addresses are checked again when sending', () => {
  it('a name that resolved outside when saved and inside when sending is refused without connecting', async () => {
    const { admin } = await createCompanyWithAdmin(server, 'Empresa Rebind');
    const hook = await createEndpoint(server, admin, { url: 'https://rebind.exemplo.com.br/hook', events: ['deal.won'] });
    const sent = await hooksApi<{ delivery: WebhookDelivery }>(server, `/endpoints/${hook.endpoint.id}/test`, admin, { method: 'POST' });
    const done = await deliveryReaches(server, admin, sent.body.delivery.id, ['failed']);
    expect(done).toMatchObject({ lastStatusCode: null, lastError: M.urlPrivate });
    expect(dns.lookups.filter((h) => h === 'rebind.exemplo.com.br')).toHaveLength(2);
  });
});
