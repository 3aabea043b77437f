import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '@sede/shared/campaigns/schemas';
import type { ConversationList, InboxMessage } from '@sede/shared/inbox/schemas';
import type { WhatsappSettings, WhatsappTemplate } from '@sede/shared/whatsapp/schemas';
import { listOf, person, waitFor } from '../campaigns/support.ts';
import { apiOf } from '../crm/contacts-support.ts';
import { signWebhook, startFakeWhatsapp, templateProblem, webhookPayload, type FakeTemplate, type FakeWhatsapp } from '../support/fake-whatsapp.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin } from '../team/support.ts';

/** Decision 0302: templates' header (text or media) and URL buttons, in Meta's components format. */
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

const TEMPLATES: FakeTemplate[] = [
  {
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido saiu para entrega.' },
      { type: 'FOOTER', text: 'Loja Teste' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Falar com a loja' }, { type: 'URL', text: 'Rastrear', url: 'https://loja.exemplo.com.br/rastreio/{{1}}' }] },
    ],
  },
  {
    name: 'catalogo',
    language: 'pt_BR',
    status: 'APPROVED',
    components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Veja nossas novidades.' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Site', url: 'https://loja.exemplo.com.br' }] }],
  },
  { name: 'contrato', language: 'pt_BR', status: 'APPROVED', components: [{ type: 'HEADER', format: 'DOCUMENT' }, { type: 'BODY', text: 'Segue o contrato, {{1}}.' }] },
];

let seq = 0;
async function setup() {
  const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
  const phoneNumberId = `32000${Date.now() % 10_000_000}`;
  const appSecret = `segredo-${randomUUID()}`;
  const put = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: admin.jar, json: { phoneNumberId, wabaId: '500000000001', accessToken: 'EAAG-comp', appSecret } });
  const key = ((await put.json()) as WhatsappSettings).webhookPath.split('/').pop()!;
  fake.templates = TEMPLATES;
  const say = async (from: string, text: string) => {
    const body = JSON.stringify(webhookPayload(phoneNumberId, { contacts: [{ profile: { name: 'Cliente' }, wa_id: from }], messages: [{ from, id: `wamid.comp${Date.now()}${seq++}`, type: 'text', text: { body: text } }] }));
    expect((await server.request(`/api/whatsapp/webhook/${key}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(appSecret, body) } })).status).toBe(200);
  };
  return { companyId, admin, say };
}

describe('WhatsApp template header and buttons', () => {
  it('lists each template’s header and its URL buttons with a variable', async () => {
    const { admin } = await setup();
    const res = await server.request('/api/whatsapp/templates?refresh=1', { jar: admin.jar });
    const { templates } = (await res.json()) as { templates: WhatsappTemplate[] };
    expect(templates.find((t) => t.name === 'pedido_enviado')).toMatchObject({
      variables: 1,
      header: { format: 'text', text: 'Pedido {{1}}', variables: 1 },
      buttons: [{ index: 1, text: 'Rastrear', url: 'https://loja.exemplo.com.br/rastreio/{{1}}' }],
    });
    // A static URL button takes nothing.
    expect(templates.find((t) => t.name === 'catalogo')).toMatchObject({ variables: 0, header: { format: 'image', variables: 0 }, buttons: [] });
  });

  it('inbox: a template with a text header and a URL button goes in Meta’s components format; missing values are a 400 and nothing is sent', async () => {
    const { admin, say } = await setup();
    await say('5511955554444', 'oi');
    const conv = ((await (await server.request('/api/inbox/conversations', { jar: admin.jar })).json()) as ConversationList).conversations[0]!;
    const post = (json: unknown) => server.request(`/api/whatsapp/conversations/${conv.id}/template`, { method: 'POST', jar: admin.jar, json });
    const base = { template: 'pedido_enviado', language: 'pt_BR', variables: ['Ana'] };
    for (const [json, text] of [
      [base, 'cabeçalho de texto'],
      [{ ...base, header: { format: 'text', value: '' } }, 'variável do cabeçalho'],
      [{ ...base, header: { format: 'text', value: '#123' } }, 'botão "Rastrear"'],
    ] as const) {
      const res = await post(json);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(text);
    }
    expect(fake.sent()).toHaveLength(0);

    const ok = await post({ ...base, header: { format: 'text', value: '#123' }, buttons: [{ index: 1, value: 'ABC123' }] });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(fake.sent()).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511955554444',
        type: 'template',
        template: {
          name: 'pedido_enviado',
          language: { code: 'pt_BR' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: '#123' }] },
            { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
            { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'ABC123' }] },
          ],
        },
      },
    ]);
    expect(((await ok.json()) as InboxMessage).body).toBe('Pedido #123\n\nOlá Ana, seu pedido saiu para entrega.\n\n[Rastrear] https://loja.exemplo.com.br/rastreio/ABC123');
  });

  it('inbox: a media header by link, or by a file of the conversation uploaded to the Cloud API', async () => {
    const { admin, say } = await setup();
    await say('5511944443333', 'oi');
    const conv = ((await (await server.request('/api/inbox/conversations', { jar: admin.jar })).json()) as ConversationList).conversations[0]!;
    const post = (json: unknown) => server.request(`/api/whatsapp/conversations/${conv.id}/template`, { method: 'POST', jar: admin.jar, json });
    expect((await post({ template: 'catalogo', language: 'pt_BR', header: { format: 'image', value: 'http://inseguro.exemplo.com/a.png' } })).status).toBe(400);
    const byLink = await post({ template: 'catalogo', language: 'pt_BR', header: { format: 'image', value: 'https://loja.exemplo.com.br/catalogo.png' } });
    expect(byLink.status, await byLink.clone().text()).toBe(201);
    expect((fake.sent()[0]!.template as { components: unknown[] }).components).toEqual([{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://loja.exemplo.com.br/catalogo.png' } }] }]);

    fake.reset();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const up = await server.request(`/api/files?entityType=inbox_conversation&entityId=${conv.id}&kind=document&name=contrato.pdf`, { method: 'POST', jar: admin.jar, body: pdf, headers: { 'content-type': 'application/pdf' } });
    expect(up.status, await up.clone().text()).toBe(201);
    const fileId = ((await up.json()) as { id: string }).id;
    const byFile = await post({ template: 'contrato', language: 'pt_BR', variables: ['Ana'], header: { format: 'document', fileId } });
    expect(byFile.status, await byFile.clone().text()).toBe(201);
    expect(fake.requests.some((r) => r.path.endsWith('/media') && r.body.toString('latin1').includes('%PDF-1.4'))).toBe(true);
    const header = (fake.sent()[0]!.template as { components: Array<{ type: string; parameters: Array<{ type: string; document: { id: string; filename: string } }> }> }).components[0]!;
    expect(header).toMatchObject({ type: 'header', parameters: [{ type: 'document', document: { filename: 'contrato.pdf' } }] });
    expect(header.parameters[0]!.document.id).toMatch(/^UPLOADED/);
    expect(((await byFile.json()) as InboxMessage).file).toBeNull();
    // Another conversation's (or a made-up) file is refused.
    expect((await post({ template: 'contrato', language: 'pt_BR', variables: ['Ana'], header: { format: 'document', fileId: randomUUID() } })).status).toBe(400);
  });

  it('campaign: the header’s {{1}} and the button’s suffix take merge fields per person; without them the campaign is not sent', async () => {
    const { admin } = await setup();
    const api = apiOf(server);
    const ana = await person(server, admin, { name: 'Ana Souza', phones: ['(11) 98765-1111'], legalBasis: 'consentimento' });
    const listId = await listOf(server, admin, 'Lista', [ana.id]);
    const incomplete = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Sem botão', channel: 'whatsapp', listId, whatsappTemplate: { name: 'pedido_enviado', language: 'pt_BR', variables: ['{{primeiro_nome}}'], header: { format: 'text', value: 'de {{primeiro_nome}}' } } } });
    const refused = await api<{ code: string; error: string }>(`/api/campaigns/${incomplete.body.id}/send`, admin, { json: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'TEMPLATE_VARIABLES' });
    expect(refused.body.error).toContain('Rastrear');

    const whatsappTemplate = { name: 'pedido_enviado', language: 'pt_BR', variables: ['{{primeiro_nome}}'], header: { format: 'text', value: 'de {{primeiro_nome}}' }, buttons: [{ index: 1, value: 'cupom-{{primeiro_nome}}' }] };
    const c = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Completa', channel: 'whatsapp', listId, whatsappTemplate } });
    expect(c.body.whatsappTemplate).toMatchObject(whatsappTemplate);
    expect((await api(`/api/campaigns/${c.body.id}/send`, admin, { json: {} })).status).toBe(200);
    const done = await waitFor(server, admin, c.body.id, (x) => x.status === 'sent' || x.counts.failed > 0);
    expect(done.counts).toMatchObject({ sent: 1, failed: 0 });
    expect((fake.sent()[0]!.template as { components: unknown[] }).components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'de Ana' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'cupom-Ana' }] },
    ]);
  });

  it('the fake Cloud API refuses what Meta refuses', () => {
    const t = (components: unknown[], name = 'pedido_enviado') => templateProblem({ name, language: { code: 'pt_BR' }, components }, TEMPLATES);
    const body = { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] };
    const header = { type: 'header', parameters: [{ type: 'text', text: '#1' }] };
    const button = { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'x' }] };
    expect(t([header, body, button])).toBeNull();
    expect(t([header, body])).toMatch(/132000/); // the URL button's value is missing
    expect(t([body, button])).toMatch(/132000/); // the header's
    expect(t([header, body, { ...button, index: 1 }])).toMatch(/index/); // the index is a string
    expect(t([header, body, { ...button, index: '0' }])).toMatch(/132000/); // button 0 is a quick reply
    expect(t([header, { type: 'body', parameters: [{ type: 'text', text: '' }] }, button])).toMatch(/body/);
    expect(t([{ type: 'header', parameters: [{ type: 'image', image: { link: 'http://x/a.png' } }] }], 'catalogo')).toMatch(/https/);
    expect(t([{ type: 'header', parameters: [{ type: 'document', document: { link: 'https://x/a.pdf' } }] }], 'catalogo')).toMatch(/132012/);
    expect(t([{ type: 'HEADER', parameters: [] }])).toMatch(/component type/);
  });
});
