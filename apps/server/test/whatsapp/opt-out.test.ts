import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudiencePreview, CampaignView, RecipientView } from '@sede/shared/campaigns/schemas';
import type { ConversationList, InboxMessage } from '@sede/shared/inbox/schemas';
import { OPT_OUT_CONFIRMATION } from '@sede/shared/whatsapp/opt-out';
import type { WhatsappSettings } from '@sede/shared/whatsapp/schemas';
import { isSuppressed } from '../../src/modules/parties/public.ts';
import { listOf, person, waitFor } from '../campaigns/support.ts';
import { apiOf } from '../crm/contacts-support.ts';
import { signWebhook, startFakeWhatsapp, webhookPayload, type FakeWhatsapp } from '../support/fake-whatsapp.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';

/** Decisions 0300 and 0301: replies to WhatsApp campaigns, and 'SAIR'. */
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

let seq = 0;
async function setup() {
  const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
  const phoneNumberId = `31000${Date.now() % 10_000_000}`;
  const appSecret = `segredo-${randomUUID()}`;
  const put = await server.request('/api/whatsapp/settings', { method: 'PUT', jar: admin.jar, json: { phoneNumberId, wabaId: '400000000001', accessToken: 'EAAG-optout', appSecret } });
  const key = ((await put.json()) as WhatsappSettings).webhookPath.split('/').pop()!;
  const say = async (from: string, text: string) => {
    const body = JSON.stringify(webhookPayload(phoneNumberId, { contacts: [{ profile: { name: 'Cliente' }, wa_id: from }], messages: [{ from, id: `wamid.optout${Date.now()}${seq++}`, type: 'text', text: { body: text } }] }));
    const res = await server.request(`/api/whatsapp/webhook/${key}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(appSecret, body) } });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  return { companyId, admin, phoneNumberId, say };
}

describe('WhatsApp replies and SAIR', () => {
  it('a reply within 7 days counts for the latest campaign; “Sair!” opts the number out, confirms, and later campaigns skip it', async () => {
    const { companyId, admin, phoneNumberId, say } = await setup();
    const api = apiOf(server);
    const ana = await person(server, admin, { name: 'Ana Souza', phones: ['(11) 98765-4321'], legalBasis: 'consentimento' });
    const bruno = await person(server, admin, { name: 'Bruno Lima', phones: ['(21) 99876-5432'], legalBasis: 'consentimento' });
    const listId = await listOf(server, admin, 'Clientes', [ana.id, bruno.id]);
    const template = { name: 'promo_mes', language: 'pt_BR', variables: ['{{primeiro_nome}}'] };
    const sendCampaign = async (name: string) => {
      const c = await api<CampaignView>('/api/campaigns', admin, { json: { name, channel: 'whatsapp', listId, whatsappTemplate: template } });
      expect(c.status).toBe(201);
      expect((await api(`/api/campaigns/${c.body.id}/send`, admin, { json: {} })).status).toBe(200);
      return waitFor(server, admin, c.body.id, (x) => x.status === 'sent');
    };
    const first = await sendCampaign('Primeira');
    expect(first.counts).toMatchObject({ sent: 2 });

    // Bruno answers: a reply to the campaign (and an inbox conversation as before).
    await say('5521998765432', 'Tenho interesse!');
    let view = (await api<CampaignView>(`/api/campaigns/${first.id}`, admin)).body;
    expect(view.counts).toMatchObject({ replied: 1, unsubscribed: 0 });
    const recipients = (await api<{ items: RecipientView[] }>(`/api/campaigns/${first.id}/recipients?status=replied`, admin)).body.items;
    expect(recipients.map((r) => r.name)).toEqual(['Bruno Lima']);

    // Ana answers “Sair!” from WhatsApp's number without the ninth digit (551187654321): the same person.
    fake.reset();
    await say('551187654321', '  Sair! ');
    const [p] = await sql(server, 'SELECT whatsapp_opt_out, email_opt_out FROM people WHERE id = $1', [ana.id]);
    expect(p).toEqual({ whatsapp_opt_out: true, email_opt_out: false });
    expect(await isSuppressed(server.services, { db: server.services.db, companyId }, { phone: '11987654321' })).toBe(true);
    expect((await sql(server, "SELECT count(*)::int AS n FROM suppression_list WHERE company_id = $1 AND reason = 'opt_out'", [companyId]))[0].n).toBeGreaterThanOrEqual(1);
    // The confirmation went back inside the window, and is in the conversation as an automatic message.
    expect(fake.sent()).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'individual', to: '551187654321', type: 'text', text: { body: OPT_OUT_CONFIRMATION, preview_url: false } }]);
    expect(fake.requests.find((r) => r.path === `/${phoneNumberId}/messages`)!.authorization).toBe('Bearer EAAG-optout');
    const conversations = (await (await server.request('/api/inbox/conversations', { jar: admin.jar })).json()) as ConversationList;
    const anaConv = conversations.conversations.find((c) => c.visitorPhone === '+551187654321')!;
    const messages = ((await (await server.request(`/api/inbox/conversations/${anaConv.id}`, { jar: admin.jar })).json()) as { messages: InboxMessage[] }).messages;
    expect(messages.map((m) => [m.kind, m.body])).toEqual([
      ['visitor', '  Sair! '],
      ['auto', OPT_OUT_CONFIRMATION],
    ]);
    view = (await api<CampaignView>(`/api/campaigns/${first.id}`, admin)).body;
    expect(view.counts).toMatchObject({ replied: 1, unsubscribed: 1 });

    // A message that merely contains the word is not an opt-out.
    fake.reset();
    await say('5521998765432', 'Quero sair mais cedo amanhã, dá para entregar?');
    expect((await sql(server, 'SELECT whatsapp_opt_out FROM people WHERE id = $1', [bruno.id]))[0].whatsapp_opt_out).toBe(false);
    expect(fake.sent()).toHaveLength(0);

    // The next campaign skips Ana's number: excluded in the audience and never sent to.
    fake.reset();
    const second = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Segunda', channel: 'whatsapp', listId, whatsappTemplate: template } });
    const audience = await api<AudiencePreview>(`/api/campaigns/${second.body.id}/audience`, admin);
    expect(audience.body).toMatchObject({ total: 2, eligible: 1, excluded: { optedOut: 1 } });
    expect((await api(`/api/campaigns/${second.body.id}/send`, admin, { json: {} })).status).toBe(200);
    await waitFor(server, admin, second.body.id, (x) => x.status === 'sent');
    expect(fake.sent().map((m) => m.to)).toEqual(['5521998765432']);
    // A person entered later with the same number stays unreachable (the suppression hash).
    const again = await person(server, admin, { name: 'Ana de Novo', phones: ['11 98765-4321'], legalBasis: 'consentimento' });
    expect((await sql(server, 'SELECT suppressed FROM people WHERE id = $1', [again.id]))[0].suppressed).toBe(true);
  });

  it('a reply after 7 days is not attributed; it goes to the latest campaign, not an older one', async () => {
    const { admin, say } = await setup();
    const api = apiOf(server);
    const carla = await person(server, admin, { name: 'Carla Dias', phones: ['(31) 99999-1111'], legalBasis: 'consentimento' });
    const listId = await listOf(server, admin, 'Carla', [carla.id]);
    const send = async (name: string) => {
      const c = await api<CampaignView>('/api/campaigns', admin, { json: { name, channel: 'whatsapp', listId, whatsappTemplate: { name: 'oi', language: 'pt_BR' } } });
      await api(`/api/campaigns/${c.body.id}/send`, admin, { json: {} });
      return waitFor(server, admin, c.body.id, (x) => x.status === 'sent');
    };
    const old = await send('Antiga');
    await sql(server, "UPDATE campaign_recipients SET sent_at = now() - interval '8 days' WHERE campaign_id = $1", [old.id]);
    await say('5531999991111', 'Oi, vi a mensagem');
    expect((await api<CampaignView>(`/api/campaigns/${old.id}`, admin)).body.counts.replied).toBe(0);
    const older = await send('Segunda');
    await sql(server, "UPDATE campaign_recipients SET sent_at = now() - interval '2 days' WHERE campaign_id = $1", [older.id]);
    const latest = await send('Terceira');
    await say('5531999991111', 'Quero saber mais');
    expect((await api<CampaignView>(`/api/campaigns/${latest.id}`, admin)).body.counts.replied).toBe(1);
    expect((await api<CampaignView>(`/api/campaigns/${older.id}`, admin)).body.counts.replied).toBe(0);
  });
});
