import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationSummary, InboxMessage, InboxSettings, VisitorConversation } from '@sede/shared/inbox/schemas';
import type { WhatsappSettings } from '@sede/shared/whatsapp/schemas';
import { signWebhook, startFakeWhatsapp, webhookPayload, type FakeWhatsapp } from '../support/fake-whatsapp.ts';
import { startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';

/** Decision 0303: the customer's next message reopens a conversation resolved up to 7 days ago; later, a new one starts. */
let server: TestServer;
let fake: FakeWhatsapp;
beforeAll(async () => {
  fake = await startFakeWhatsapp();
  server = await startTestServer({ WHATSAPP_GRAPH_URL: fake.baseUrl });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const SITE = 'https://loja-do-cliente.com.br';
const list = async (jar: CookieJar) => (await (await server.request('/api/inbox/conversations', { jar })).json()) as ConversationList;
const detail = async (jar: CookieJar, id: string) => (await (await server.request(`/api/inbox/conversations/${id}`, { jar })).json()) as { conversation: ConversationSummary; messages: InboxMessage[] };
const resolve = async (jar: CookieJar, id: string) => expect((await server.request(`/api/inbox/conversations/${id}`, { method: 'PATCH', jar, json: { status: 'resolved' } })).status).toBe(200);
const pub = (key: string, path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
  server.request(`/api/inbox/public/${key}${path}`, { method: init.method, json: init.json, headers: { origin: SITE, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) } });

async function company() {
  const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
  const member = await memberOf(server, companyId, 'rh');
  const put = await server.request('/api/inbox/settings', { method: 'PUT', jar: admin.jar, json: { allowedOrigins: [SITE], businessHours: [], csatEnabled: false } });
  expect(put.status, await put.clone().text()).toBe(200);
  return { companyId, admin, member, key: ((await put.json()) as InboxSettings).publicKey };
}

describe('reopening on the customer’s reply', () => {
  it('widget: a message within 7 days reopens the resolved conversation with the same assignee and a line for the agents; later it starts a new one', async () => {
    const c = await company();
    const start = await pub(c.key, '/conversations', { method: 'POST', json: { name: 'Maria', email: 'maria@exemplo.com.br', body: 'Quero trocar um produto' } });
    expect(start.status).toBe(201);
    const { token } = (await start.json()) as { token: string };
    const id = token.split('.')[0]!;
    expect((await server.request(`/api/inbox/conversations/${id}/messages`, { method: 'POST', jar: c.member.jar, json: { body: 'Pode trazer na loja.' } })).status).toBe(201);
    await resolve(c.admin.jar, id);

    const again = await pub(c.key, '/messages', { method: 'POST', token, json: { body: 'Esqueci: e a nota fiscal?' } });
    expect(again.status, await again.clone().text()).toBe(201);
    expect(((await again.json()) as { token?: string }).token).toBeUndefined();
    const d = await detail(c.admin.jar, id);
    expect(d.conversation).toMatchObject({ status: 'open', assigneeId: d.conversation.assigneeId, resolutionMs: null });
    expect(d.conversation.assigneeId).not.toBeNull();
    expect(d.messages.map((m) => [m.kind, m.body]).slice(-2)).toEqual([
      ['event', 'Conversa reaberta'],
      ['visitor', 'Esqueci: e a nota fiscal?'],
    ]);
    expect((await list(c.admin.jar)).conversations).toHaveLength(1);
    // The visitor never sees the agents' event line.
    const seen = (await (await pub(c.key, '/conversation', { token })).json()) as VisitorConversation;
    expect(seen.messages.some((m) => (m.kind as string) === 'event')).toBe(false);

    // Resolved 8 days ago: the message starts a new conversation and the widget gets its token.
    await resolve(c.admin.jar, id);
    await sql(server, "UPDATE inbox_conversations SET resolved_at = now() - interval '8 days' WHERE id = $1", [id]);
    const late = await pub(c.key, '/messages', { method: 'POST', token, json: { body: 'Voltei depois de muito tempo' } });
    expect(late.status).toBe(201);
    const fresh = ((await late.json()) as { token?: string }).token;
    expect(fresh).toBeTruthy();
    const freshId = fresh!.split('.')[0]!;
    expect(freshId).not.toBe(id);
    expect((await detail(c.admin.jar, id)).conversation.status).toBe('resolved');
    const n = await detail(c.admin.jar, freshId);
    expect(n.conversation).toMatchObject({ status: 'open', visitorName: 'Maria', visitorEmail: 'maria@exemplo.com.br' });
    expect(n.messages.map((m) => m.body)).toEqual(['Voltei depois de muito tempo']);
    const view = (await (await pub(c.key, '/conversation', { token: fresh })).json()) as VisitorConversation;
    expect(view.messages.map((m) => m.body)).toEqual(['Voltei depois de muito tempo']);
  });

  it('WhatsApp: the number’s next message reopens its conversation resolved within 7 days; older starts a new one', async () => {
    const c = await company();
    const phoneNumberId = `2200${Date.now() % 1_000_000}`;
    const appSecret = `segredo-${randomUUID()}`;
    const put = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: c.admin.jar, json: { phoneNumberId, wabaId: '200000000001', accessToken: 'EAAG-token', appSecret } });
    const key = ((await put.json()) as WhatsappSettings).webhookPath.split('/').pop()!;
    const from = '5511987651234';
    let seq = 0;
    const say = async (text: string) => {
      const body = JSON.stringify(webhookPayload(phoneNumberId, { contacts: [{ profile: { name: 'João' }, wa_id: from }], messages: [{ from, id: `wamid.reopen${Date.now()}${seq++}`, type: 'text', text: { body: text } }] }));
      const res = await server.request(`/api/whatsapp/webhook/${key}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(appSecret, body) } });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await say('Oi, meu pedido chegou?');
    const first = (await list(c.admin.jar)).conversations[0]!;
    await server.request(`/api/inbox/conversations/${first.id}`, { method: 'PATCH', jar: c.admin.jar, json: { assigneeId: c.member.userId } });
    await resolve(c.admin.jar, first.id);

    await say('Chegou sim, obrigado!');
    let all = (await list(c.admin.jar)).conversations;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: first.id, status: 'open', assigneeId: c.member.userId });
    expect((await detail(c.admin.jar, first.id)).messages.map((m) => [m.kind, m.body]).slice(-2)).toEqual([
      ['event', 'Conversa reaberta'],
      ['visitor', 'Chegou sim, obrigado!'],
    ]);

    await resolve(c.admin.jar, first.id);
    await sql(server, "UPDATE inbox_conversations SET resolved_at = now() - interval '8 days' WHERE id = $1", [first.id]);
    await say('Novo pedido, por favor');
    all = (await list(c.admin.jar)).conversations;
    expect(all).toHaveLength(2);
    const fresh = all.find((x) => x.id !== first.id)!;
    expect(fresh).toMatchObject({ status: 'open', channel: 'whatsapp', assigneeId: null });
    expect((await detail(c.admin.jar, fresh.id)).messages.map((m) => m.body)).toEqual(['Novo pedido, por favor']);
    expect(all.find((x) => x.id === first.id)!.status).toBe('resolved');
  });
});
