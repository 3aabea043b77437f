import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView, SenderView } from '@sede/shared/campaigns/schemas';
import { apiOf } from '../crm/contacts-support.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person as Member } from '../team/support.ts';
import { listOf, person, waitFor } from './support.ts';

let server: TestServer;
let smtp: TestSmtp;
let api: ReturnType<typeof apiOf>;
let admin: Member;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ MAIL_FROM: 'Sede <nao-responda@sede.local>' });
  api = apiOf(server);
  admin = (await createCompanyWithAdmin(server, 'Loja Remetente Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))?.[1];

describe('the From address of an own SMTP', () => {
  it('is asked for when the SMTP user is not an address, used by the test send and the campaigns, never the platform’s', async () => {
    const own = { host: '127.0.0.1', port: smtp.port, secure: false, user: 'apikey', password: 'chave-do-provedor' };
    const missing = await api('/api/campaigns/sender', admin, { method: 'PUT', json: { fromName: 'Loja B', smtp: own } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'FROM_EMAIL_REQUIRED', error: 'Informe o e-mail do remetente (o endereço "De"), de um domínio da empresa autorizado nesse SMTP.' });

    const saved = await api<SenderView>('/api/campaigns/sender', admin, { method: 'PUT', json: { fromName: 'Loja B', smtp: { ...own, fromEmail: 'Contato@Loja-B.com.br' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.smtp).toMatchObject({ user: 'apikey', fromEmail: 'contato@loja-b.com.br' });

    // 'Testar' sends from that address (header and envelope) and says so.
    const tested = await api<{ message: string }>('/api/campaigns/sender/test', admin, { json: { fromName: 'Loja B', smtp: { ...own, fromEmail: 'contato@loja-b.com.br' } } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.message).toMatch(/^Mensagem de teste enviada de Loja B <contato@loja-b\.com\.br>\./);
    const test = smtp.deliveries.at(-1)!;
    expect(test.from).toBe('contato@loja-b.com.br');
    expect(header(test.raw, 'From')).toBe('Loja B <contato@loja-b.com.br>');

    // A provider that does not let this account send as that address: the test send says so in Portuguese.
    smtp.rejectSenders.add('vendas@outro-dominio.com.br');
    const refused = await api('/api/campaigns/sender/test', admin, { json: { fromName: 'Loja B', smtp: { ...own, fromEmail: 'vendas@outro-dominio.com.br' } } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SENDER_REFUSED');
    expect(refused.body.error).toMatch(/^O SMTP recusou o remetente vendas@outro-dominio\.com\.br: .*Sender address rejected/);

    // A campaign through the company's SMTP leaves from its address.
    const ana = await person(server, admin, { name: 'Ana Cliente', emails: ['ana.from@exemplo.com.br'], legalBasis: 'consentimento' });
    const listId = await listOf(server, admin, 'Clientes', [ana.id]);
    const c = await api<CampaignView>('/api/campaigns', admin, { json: { name: 'Novidades', listId, subject: 'Oi', html: '<p>Olá</p>' } });
    expect((await api(`/api/campaigns/${c.body.id}/send`, admin, { json: {} })).status).toBe(200);
    await waitFor(server, admin, c.body.id, (x) => x.status === 'sent');
    const mail = smtp.deliveries.find((d) => d.to.includes('ana.from@exemplo.com.br'))!;
    expect(header(mail.raw, 'From')).toBe('Loja B <contato@loja-b.com.br>');
    expect(mail.raw).not.toContain('nao-responda@sede.local');
  });
});
