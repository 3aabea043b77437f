import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, InboxMessage } from '@sede/shared/inbox/schemas';
import type { WhatsappSettings, WhatsappTemplate } from '@sede/shared/whatsapp/schemas';
import { signWebhook, startFakeWhatsapp, webhookPayload, type FakeWhatsapp } from '../support/fake-whatsapp.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';

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
afterEach(() => fake.reset());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let numbers = 0;

/** A company with WhatsApp set up (its own number id and app secret), an admin and a plain member. */
async function company() {
  const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
  const member = await memberOf(server, companyId, 'rh');
  const phoneNumberId = `1098765${String(++numbers).padStart(5, '0')}`;
  const appSecret = `segredo-${randomUUID()}`;
  const put = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: admin.jar, json: { phoneNumberId, wabaId: '200000000001', accessToken: 'EAAG-token-da-loja', appSecret } });
  expect(put.status, await put.clone().text()).toBe(200);
  const settings = (await put.json()) as WhatsappSettings;
  return { companyId, admin, member, phoneNumberId, appSecret, settings, key: settings.webhookPath.split('/').pop()! };
}
type Company = Awaited<ReturnType<typeof company>>;

const post = (key: string, payload: unknown, secret: string | null) => {
  const body = JSON.stringify(payload);
  return server.request(`/api/whatsapp/webhook/${key}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(secret ? { 'x-hub-signature-256': signWebhook(secret, body) } : {}) } });
};
let seq = 0;
const wamid = () => `wamid.HBgN${Date.now()}${seq++}`;
const textMessage = (c: Company, from: string, text: string, id = wamid(), name = 'João Cliente') =>
  webhookPayload(c.phoneNumberId, { contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] });

const list = async (jar: CookieJar) => (await (await server.request('/api/inbox/conversations', { jar })).json()) as ConversationList;
const detail = async (jar: CookieJar, id: string) => (await (await server.request(`/api/inbox/conversations/${id}`, { jar })).json()) as { messages: InboxMessage[] };

describe('WhatsApp Cloud API', () => {
  it('answers Meta’s webhook verification with the challenge only for the company’s verify token', async () => {
    const c = await company();
    const ok = await server.request(`/api/whatsapp/webhook/${c.key}?hub.mode=subscribe&hub.verify_token=${c.settings.verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await server.request(`/api/whatsapp/webhook/${c.key}?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { code: string }).code).toBe('WHATSAPP_VERIFY_FAILED');
    const unknown = await server.request(`/api/whatsapp/webhook/wh_naoexisteestachave?hub.mode=subscribe&hub.verify_token=${c.settings.verifyToken}&hub.challenge=1`);
    expect(unknown.status).toBe(404);
  });

  it('settings: admin only, secrets encrypted and never returned, Testar calls the phone number', async () => {
    const c = await company();
    const got = (await (await server.request('/api/whatsapp/settings', { jar: c.admin.jar })).json()) as Record<string, unknown>;
    expect(got).toMatchObject({ configured: true, phoneNumberId: c.phoneNumberId, hasAccessToken: true, hasAppSecret: true });
    expect(JSON.stringify(got)).not.toContain('EAAG-token-da-loja');
    expect(JSON.stringify(got)).not.toContain(c.appSecret);
    const [row] = await sql(server, 'SELECT access_token_enc, app_secret_enc FROM whatsapp_accounts WHERE company_id = $1', [c.companyId]);
    expect(row.access_token_enc).toMatch(/^v1\./);
    expect(row.access_token_enc).not.toContain('EAAG');
    // Saving again without the secrets keeps them.
    const again = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: c.admin.jar, json: { phoneNumberId: c.phoneNumberId, wabaId: '200000000002' } });
    expect(((await again.json()) as WhatsappSettings).hasAccessToken).toBe(true);

    fake.phoneNumberId = c.phoneNumberId;
    const test = await server.request('/api/whatsapp/settings/test', { method: 'POST', jar: c.admin.jar });
    expect(test.status, await test.clone().text()).toBe(200);
    expect(await test.json()).toMatchObject({ ok: true, verifiedName: 'Loja Teste' });
    const call = fake.requests.find((r) => r.path === `/${c.phoneNumberId}`)!;
    expect(call.authorization).toBe('Bearer EAAG-token-da-loja');
    fake.phoneNumberId = '0';
    const failing = await server.request('/api/whatsapp/settings/test', { method: 'POST', jar: c.admin.jar });
    expect(failing.status).toBe(409);
    expect(((await failing.json()) as { error: string }).error).toContain('does not exist');

    // A plain member: 403 on every settings endpoint; anonymous 401; bad input 400.
    for (const [method, path] of [['GET', '/api/whatsapp/settings'], ['PUT', '/api/whatsapp/settings'], ['POST', '/api/whatsapp/settings/test']] as const) {
      expect((await server.request(path, { method, jar: c.member.jar, json: method === 'GET' ? undefined : {} })).status, path).toBe(403);
      expect((await server.request(path, { method, json: method === 'GET' ? undefined : {} })).status, path).toBe(401);
    }
    expect((await server.request('/api/whatsapp/settings', { method: 'PUT', jar: c.admin.jar, json: { phoneNumberId: 'abc', wabaId: '1' } })).status).toBe(400);
    // Another company's admin sees only their own (unconfigured) account, never this one's.
    const other = await createCompanyWithAdmin(server, 'Outra Loja');
    const theirs = (await (await server.request('/api/whatsapp/settings', { jar: other.admin.jar })).json()) as WhatsappSettings;
    expect(theirs.configured).toBe(false);
    expect(theirs.webhookPath).not.toBe(c.settings.webhookPath);
    expect(theirs.verifyToken).not.toBe(c.settings.verifyToken);
  });

  it('a signed inbound text and image become one open conversation with its messages and the image file', async () => {
    const c = await company();
    const from = '5511987654321';
    const res = await post(c.key, textMessage(c, from, 'Olá, vocês entregam em Campinas?'), c.appSecret);
    expect(res.status, await res.clone().text()).toBe(200);
    const mediaId = fake.addMedia(PNG, 'image/png');
    const img = await post(
      c.key,
      webhookPayload(c.phoneNumberId, { contacts: [{ profile: { name: 'João Cliente' }, wa_id: from }], messages: [{ from, id: wamid(), type: 'image', image: { id: mediaId, mime_type: 'image/png', caption: 'foto do produto' } }] }),
      c.appSecret,
    );
    expect(img.status, await img.clone().text()).toBe(200);

    const { conversations } = await list(c.admin.jar);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ channel: 'whatsapp', status: 'open', visitorName: 'João Cliente', visitorPhone: `+${from}` });
    const d = await detail(c.admin.jar, conversations[0]!.id);
    expect(d.messages.map((m) => [m.kind, m.body])).toEqual([
      ['visitor', 'Olá, vocês entregam em Campinas?'],
      ['visitor', 'foto do produto'],
    ]);
    expect(d.messages[1]!.file).toMatchObject({ mime: 'image/png', size: PNG.length });
    const content = await server.request(`/api/files/${d.messages[1]!.file!.id}/content`, { jar: c.admin.jar });
    expect(Buffer.from(await content.arrayBuffer()).equals(PNG)).toBe(true);
    // The media was fetched with the company's token.
    expect(fake.requests.filter((r) => r.path === `/${mediaId}` || r.path === `/bytes/${mediaId}`).every((r) => r.authorization === 'Bearer EAAG-token-da-loja')).toBe(true);
    const [row] = await sql(server, 'SELECT external_id FROM inbox_conversations WHERE id = $1', [conversations[0]!.id]);
    expect(row.external_id).toBe(from);
  });

  it('a forged or missing signature is refused and nothing is stored; Meta’s retry of a message stores it once', async () => {
    const c = await company();
    const payload = textMessage(c, '5511911112222', 'mensagem forjada');
    const forged = await post(c.key, payload, 'outro-segredo');
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('WHATSAPP_SIGNATURE_INVALID');
    const missing = await post(c.key, payload, null);
    expect(missing.status).toBe(403);
    // Signed over a different body than the one sent.
    const body = JSON.stringify(payload);
    const tampered = await server.request(`/api/whatsapp/webhook/${c.key}`, {
      method: 'POST',
      body: body.replace('forjada', 'alterada'),
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(c.appSecret, body) },
    });
    expect(tampered.status).toBe(403);
    expect(await sql(server, 'SELECT 1 FROM inbox_conversations WHERE company_id = $1', [c.companyId])).toHaveLength(0);
    expect(await sql(server, 'SELECT 1 FROM whatsapp_messages WHERE company_id = $1', [c.companyId])).toHaveLength(0);

    const id = wamid();
    const once = textMessage(c, '5511911112222', 'chegou duas vezes', id);
    expect((await post(c.key, once, c.appSecret)).status).toBe(200);
    expect((await post(c.key, once, c.appSecret)).status).toBe(200);
    const rows = await sql(server, "SELECT m.body FROM inbox_messages m WHERE m.company_id = $1 AND m.kind = 'visitor'", [c.companyId]);
    expect(rows).toEqual([{ body: 'chegou duas vezes' }]);
  });

  it('another company cannot post into this one: its key with its secret, or this key with another number', async () => {
    const a = await company();
    const b = await company();
    // B's secret on A's key: refused.
    expect((await post(a.key, textMessage(a, '5511933334444', 'de B'), b.appSecret)).status).toBe(403);
    // A's key and secret but B's number in the payload: ignored (only A's own number is read).
    expect((await post(a.key, textMessage(b, '5511933334444', 'número de B'), a.appSecret)).status).toBe(200);
    // B's key for a message to B's number lands in B, never in A.
    expect((await post(b.key, textMessage(b, '5511933334444', 'para B'), b.appSecret)).status).toBe(200);
    expect(await sql(server, 'SELECT 1 FROM inbox_messages WHERE company_id = $1', [a.companyId])).toHaveLength(0);
    expect((await sql(server, 'SELECT body FROM inbox_messages WHERE company_id = $1', [b.companyId])).map((r) => r.body)).toEqual(['para B']);
  });

  it('an agent’s reply goes out through the Cloud API; statuses update it; outside 24 h a template is required', async () => {
    const c = await company();
    const from = '5521988887777';
    expect((await post(c.key, textMessage(c, from, 'Qual o prazo?'), c.appSecret)).status).toBe(200);
    const conv = (await list(c.admin.jar)).conversations[0]!;
    const reply = await server.request(`/api/inbox/conversations/${conv.id}/messages`, { method: 'POST', jar: c.member.jar, json: { body: 'Entregamos em 2 dias úteis.' } });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const sent = fake.sent();
    expect(sent).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'individual', to: from, type: 'text', text: { body: 'Entregamos em 2 dias úteis.', preview_url: false } }]);
    expect(fake.requests.find((r) => r.path === `/${c.phoneNumberId}/messages`)!.authorization).toBe('Bearer EAAG-token-da-loja');
    // A document: uploaded to the Cloud API's media, then sent with its id, name and caption.
    const doc = await server.request(`/api/files?entityType=inbox_conversation&entityId=${conv.id}&kind=document&name=proposta.pdf`, {
      method: 'POST',
      jar: c.member.jar,
      body: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(doc.status, await doc.clone().text()).toBe(201);
    const docId = ((await doc.json()) as { id: string }).id;
    const withFile = await server.request(`/api/inbox/conversations/${conv.id}/messages`, { method: 'POST', jar: c.member.jar, json: { fileId: docId, body: 'Segue a proposta' } });
    expect(withFile.status, await withFile.clone().text()).toBe(201);
    const upload = fake.requests.find((r) => r.path === `/${c.phoneNumberId}/media`)!;
    expect(upload.contentType).toContain('multipart/form-data');
    expect(upload.body.toString('latin1')).toContain('%PDF-1.4');
    const mediaMessage = fake.sent().at(-1)!;
    expect(mediaMessage).toMatchObject({ to: from, type: 'document', document: { filename: 'proposta.pdf', caption: 'Segue a proposta' } });
    expect((mediaMessage.document as { id: string }).id).toMatch(/^UPLOADED/);
    fake.reset();

    // An internal note never leaves.
    await server.request(`/api/inbox/conversations/${conv.id}/messages`, { method: 'POST', jar: c.member.jar, json: { body: 'nota interna', note: true } });
    expect(fake.sent()).toHaveLength(0);

    // Meta's statuses: delivered then read; a late 'sent' does not go back.
    const [out] = await sql(server, "SELECT wa_message_id FROM whatsapp_messages WHERE company_id = $1 AND direction = 'out'", [c.companyId]);
    for (const status of ['delivered', 'read', 'sent']) {
      expect((await post(c.key, webhookPayload(c.phoneNumberId, { statuses: [{ id: out.wa_message_id, status, recipient_id: from, timestamp: '1' }] }), c.appSecret)).status).toBe(200);
    }
    expect((await sql(server, 'SELECT status FROM whatsapp_messages WHERE wa_message_id = $1', [out.wa_message_id]))[0].status).toBe('read');

    // 25 hours later: the window is closed; nothing stored, nothing sent.
    await sql(server, "UPDATE inbox_messages SET created_at = now() - interval '25 hours' WHERE conversation_id = $1 AND kind = 'visitor'", [conv.id]);
    fake.reset();
    const late = await server.request(`/api/inbox/conversations/${conv.id}/messages`, { method: 'POST', jar: c.member.jar, json: { body: 'Ainda está aí?' } });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('WHATSAPP_WINDOW_CLOSED');
    expect(fake.sent()).toHaveLength(0);
    expect((await detail(c.admin.jar, conv.id)).messages.some((m) => m.body === 'Ainda está aí?')).toBe(false);

    // The approved templates (cached), then one sent with its variables.
    fake.templates = [
      { name: 'retomar_contato', language: 'pt_BR', status: 'APPROVED', components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar seu atendimento sobre {{2}}?' }] },
      { name: 'rascunho', language: 'pt_BR', status: 'PENDING', components: [{ type: 'BODY', text: 'não aprovado' }] },
    ];
    const templates = (await (await server.request('/api/whatsapp/templates', { jar: c.member.jar })).json()) as { templates: WhatsappTemplate[] };
    expect(templates.templates).toEqual([{ name: 'retomar_contato', language: 'pt_BR', body: 'Olá {{1}}, podemos continuar seu atendimento sobre {{2}}?', variables: 2, header: null, buttons: [] }]);
    await server.request('/api/whatsapp/templates', { jar: c.member.jar });
    expect(fake.requests.filter((r) => r.path.endsWith('/message_templates'))).toHaveLength(1);

    const missingVars = await server.request(`/api/whatsapp/conversations/${conv.id}/template`, { method: 'POST', jar: c.member.jar, json: { template: 'retomar_contato', language: 'pt_BR', variables: ['João'] } });
    expect(missingVars.status).toBe(400);
    const unknown = await server.request(`/api/whatsapp/conversations/${conv.id}/template`, { method: 'POST', jar: c.member.jar, json: { template: 'rascunho', language: 'pt_BR' } });
    expect(unknown.status).toBe(400);
    const tpl = await server.request(`/api/whatsapp/conversations/${conv.id}/template`, { method: 'POST', jar: c.member.jar, json: { template: 'retomar_contato', language: 'pt_BR', variables: ['João', 'o prazo'] } });
    expect(tpl.status, await tpl.clone().text()).toBe(201);
    expect(fake.sent()).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: from,
        type: 'template',
        template: { name: 'retomar_contato', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'João' }, { type: 'text', text: 'o prazo' }] }] },
      },
    ]);
    expect((await detail(c.admin.jar, conv.id)).messages.at(-1)).toMatchObject({ kind: 'agent', body: 'Olá João, podemos continuar seu atendimento sobre o prazo?' });
  });

  it('the template endpoint is isolated: another company gets 404, anonymous 401', async () => {
    const c = await company();
    const outsider = await createCompanyWithAdmin(server, 'Outra');
    expect((await post(c.key, textMessage(c, '5531977776666', 'oi'), c.appSecret)).status).toBe(200);
    const conv = (await list(c.admin.jar)).conversations[0]!;
    fake.templates = [{ name: 'ola', language: 'pt_BR', status: 'APPROVED', components: [{ type: 'BODY', text: 'Olá!' }] }];
    await expectTenantIsolation(server, { owner: { jar: c.admin.jar }, outsider: { jar: outsider.admin.jar }, secrets: [c.companyId, '5531977776666'] }, [
      { method: 'POST', path: `/api/whatsapp/conversations/${conv.id}/template`, body: { template: 'ola', language: 'pt_BR' }, ownerStatus: 201 },
    ]);
  });
});
