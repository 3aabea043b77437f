import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudiencePreview, CampaignView, RecipientView } from '@sede/shared/campaigns/schemas';
import type { WhatsappSettings } from '@sede/shared/whatsapp/schemas';
import { listOf, person, waitFor } from '../campaigns/support.ts';
import { apiOf } from '../crm/contacts-support.ts';
import { signWebhook, startFakeWhatsapp, webhookPayload, type FakeWhatsapp } from '../support/fake-whatsapp.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';

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

describe('WhatsApp campaigns', () => {
  it('sends the approved template with merge-field variables to people with a phone and a legal basis, never to the opted out; statuses update the recipients', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
    const api = apiOf(server);
    const appSecret = 'segredo-campanha';
    const put = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: admin.jar, json: { phoneNumberId: '300000000001', wabaId: '400000000001', accessToken: 'EAAG-campanha', appSecret } });
    const settings = (await put.json()) as WhatsappSettings;
    const key = settings.webhookPath.split('/').pop()!;

    const ana = await person(server, admin, { name: 'Ana Souza', phones: ['(11) 98765-4321'], legalBasis: 'consentimento' });
    const bruno = await person(server, admin, { name: 'Bruno Lima', phones: ['(21) 99876-5432'], legalBasis: 'legitimo_interesse' });
    const carla = await person(server, admin, { name: 'Carla Dias', phones: ['(31) 3333-4444'], legalBasis: 'consentimento' });
    const optedOut = await person(server, admin, { name: 'Davi Saiu', phones: ['(11) 91111-2222'], legalBasis: 'consentimento', whatsappOptOut: true });
    const noBasis = await person(server, admin, { name: 'Eva Sem Base', phones: ['(11) 92222-3333'] });
    const noPhone = await person(server, admin, { name: 'Fábio Sem Fone', emails: ['fabio@exemplo.com.br'], legalBasis: 'consentimento' });
    const listId = await listOf(server, admin, 'Clientes WhatsApp', [ana.id, bruno.id, carla.id, optedOut.id, noBasis.id, noPhone.id]);

    const template = { name: 'promo_mes', language: 'pt_BR', variables: ['{{primeiro_nome}}', 'Loja Centro'] };
    const created = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Promoção no WhatsApp', channel: 'whatsapp', listId, whatsappTemplate: template } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ channel: 'whatsapp', whatsappTemplate: template });

    const audience = await api<AudiencePreview>(`/api/campaigns/${created.body.id}/audience`, admin);
    expect(audience.body).toMatchObject({ total: 6, eligible: 3, excluded: { noPhone: 1, noLegalBasis: 1, optedOut: 1 } });

    const send = await api<CampaignView>(`/api/campaigns/${created.body.id}/send`, admin, { json: {} });
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    const done = await waitFor(server, admin, created.body.id, (c) => c.status === 'sent');
    expect(done.counts).toMatchObject({ total: 3, sent: 3, failed: 0, uncertain: 0 });

    const sent = fake.sent();
    expect(sent).toHaveLength(3);
    const byTo = new Map(sent.map((m) => [m.to as string, m]));
    expect([...byTo.keys()].sort()).toEqual(['5511987654321', '5521998765432', '553133334444']);
    expect(byTo.get('5511987654321')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: { name: 'promo_mes', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'Loja Centro' }] }] },
    });
    expect(((byTo.get('5521998765432')!.template as { components: Array<{ parameters: Array<{ text: string }> }> }).components[0]!.parameters[0]!.text)).toBe('Bruno');
    expect(fake.requests.filter((r) => r.path === '/300000000001/messages').every((r) => r.authorization === 'Bearer EAAG-campanha')).toBe(true);

    // Meta's statuses: Ana read it (aberto), Bruno's failed (falhou), Carla's delivered (enviado).
    const rows = await sql(server, 'SELECT r.email, w.wa_message_id FROM campaign_recipients r JOIN whatsapp_messages w ON w.campaign_recipient_id = r.id WHERE r.campaign_id = $1', [created.body.id]);
    expect(rows).toHaveLength(3);
    const wamid = (to: string) => rows.find((r) => r.email === to)!.wa_message_id as string;
    const statuses = [
      { id: wamid('5511987654321'), status: 'delivered' },
      { id: wamid('5511987654321'), status: 'read' },
      { id: wamid('5521998765432'), status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] },
      { id: wamid('553133334444'), status: 'delivered' },
    ];
    const body = JSON.stringify(webhookPayload('300000000001', { statuses }));
    const hook = await server.request(`/api/whatsapp/webhook/${key}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(appSecret, body) } });
    expect(hook.status).toBe(200);
    const recipients = await api<{ items: RecipientView[] }>(`/api/campaigns/${created.body.id}/recipients`, admin);
    const status = new Map(recipients.body.items.map((r) => [r.name, r.status]));
    expect(status.get('Ana Souza')).toBe('opened');
    expect(status.get('Bruno Lima')).toBe('failed');
    expect(status.get('Carla Dias')).toBe('sent');
    expect(recipients.body.items.find((r) => r.name === 'Bruno Lima')!.error).toBe('Message undeliverable');
    expect(await sql(server, 'SELECT 1 FROM campaign_recipients WHERE company_id = $1 AND person_id = ANY($2)', [companyId, [optedOut.id, noBasis.id, noPhone.id]])).toHaveLength(0);
  });

  it('a WhatsApp campaign needs a template and a configured account', async () => {
    const { admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
    const api = apiOf(server);
    const ana = await person(server, admin, { name: 'Ana Souza', phones: ['(11) 98765-4321'], legalBasis: 'consentimento' });
    const listId = await listOf(server, admin, 'Lista', [ana.id]);
    const noTemplate = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Sem modelo', channel: 'whatsapp', listId } });
    const refused = await api<{ code: string }>(`/api/campaigns/${noTemplate.body.id}/send`, admin, { json: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('TEMPLATE_REQUIRED');
    const withTemplate = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Com modelo', channel: 'whatsapp', listId, whatsappTemplate: { name: 'promo', language: 'pt_BR' } } });
    const notConfigured = await api<{ code: string }>(`/api/campaigns/${withTemplate.body.id}/send`, admin, { json: {} });
    expect(notConfigured.status).toBe(409);
    expect(notConfigured.body.code).toBe('WHATSAPP_NOT_CONFIGURED');
    expect((await api('/api/campaigns', admin, { json: { name: 'x', channel: 'sms', listId } })).status).toBe(400);
  });
});
