import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudiencePreview, CampaignReport, CampaignView, MessagePreview, RecipientView, SenderView } from '@sede/shared/campaigns/schemas';
import { bounceServerPort, INBOUND_RULES } from '../../src/modules/campaigns/bounces.ts';
import { recipientToken } from '../../src/modules/campaigns/crypto.ts';
import { isSuppressed } from '../../src/modules/parties/public.ts';
import { apiOf } from '../crm/contacts-support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { stubDns } from '../support/stub-dns.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { listOf, person, sleep, waitFor } from './support.ts';

let server: TestServer;
let smtp: TestSmtp;
let api: ReturnType<typeof apiOf>;
let companyId: string;
let admin: Member;
let financeiro: Member;
let outsider: Member;

// The senders' domains, as the inbound SMTP's SPF/DKIM/DMARC checks see them (never the network).
const dkimKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dns = stubDns();
dns.records.set('TXT exemplo.com.br', [['v=spf1 ip4:127.0.0.1 -all']]);
dns.records.set('TXT sel._domainkey.assinado.com.br', [[`v=DKIM1; k=rsa; p=${dkimKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`]]);
dns.records.set('TXT _dmarc.rejeita.com.br', [['v=DMARC1; p=reject']]);

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ BOUNCE_SMTP_PORT: '0', BOUNCE_DOMAIN: 'retorno.exemplo.com.br' }, { dns });
  api = apiOf(server);
  const a = await createCompanyWithAdmin(server, 'Campanhas A Ltda');
  companyId = a.companyId;
  admin = a.admin;
  financeiro = await memberOf(server, companyId, 'financeiro');
  outsider = (await createCompanyWithAdmin(server, 'Campanhas B Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const deliveriesTo = (email: string) => smtp.deliveries.filter((d) => d.to.includes(email.toLowerCase()));
/** A header of the raw message, unfolded. */
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))?.[1];

async function audienceOfFive(tag: string) {
  const ok1 = await person(server, admin, { name: `Ana <b>Souza</b> ${tag}`, emails: [`ana.${tag}@exemplo.com.br`], legalBasis: 'consentimento' });
  const ok2 = await person(server, admin, { name: `Bruno Lima ${tag}`, emails: [`bruno.${tag}@exemplo.com.br`], legalBasis: 'legitimo_interesse' });
  const noBasis = await person(server, admin, { name: `Caio ${tag}`, emails: [`caio.${tag}@exemplo.com.br`] });
  const noEmail = await person(server, admin, { name: `Dora ${tag}`, legalBasis: 'consentimento' });
  const optedOut = await person(server, admin, { name: `Eva ${tag}`, emails: [`eva.${tag}@exemplo.com.br`], legalBasis: 'consentimento', emailOptOut: true });
  const listId = await listOf(server, admin, `Lista ${tag}`, [ok1.id, ok2.id, noBasis.id, noEmail.id, optedOut.id]);
  return { ok1, ok2, noBasis, noEmail, optedOut, listId };
}

const HTML = '<p>Olá {{primeiro_nome}} da {{empresa}}!</p><p><a href="https://loja.exemplo.com.br/oferta?x=1&amp;y=2">Ver oferta</a></p>';

async function createCampaign(listId: string, name = 'Promoção de novembro') {
  const res = await api<CampaignView>('/api/campaigns', admin, { json: { name, listId, subject: 'Oferta para {{primeiro_nome}}', html: HTML } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('the sender', () => {
  it('keeps the From name, reply-to, rate and an own SMTP with the password encrypted and never returned', async () => {
    const initial = await api<SenderView>('/api/campaigns/sender', admin);
    expect(initial.body).toMatchObject({ fromName: 'Campanhas A Ltda', configured: false, ratePerSecond: 20, bounceDomain: 'retorno.exemplo.com.br' });
    const bad = await api('/api/campaigns/sender', admin, { method: 'PUT', json: { fromName: '', ratePerSecond: 9999 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBeTruthy();
    const saved = await api<SenderView>('/api/campaigns/sender', admin, {
      method: 'PUT',
      json: { fromName: 'Loja A', replyTo: 'Contato@Loja-a.com.br', ratePerSecond: 200, smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'envios@loja-a.com.br', password: 'senha-secreta-123' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ fromName: 'Loja A', replyTo: 'contato@loja-a.com.br', smtp: { host: '127.0.0.1', hasPassword: true } });
    expect(saved.text).not.toContain('senha-secreta-123');
    const [row] = await sql(server, 'SELECT smtp_password_enc FROM campaign_senders WHERE company_id = $1', [companyId]);
    expect(row.smtp_password_enc).toMatch(/^v1\./);
    expect(row.smtp_password_enc).not.toContain('senha');

    // 'Testar' connects and sends a test message to the member.
    const before = smtp.deliveries.length;
    const tested = await api<{ message: string }>('/api/campaigns/sender/test', admin, { json: { fromName: 'Loja A', smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'envios@loja-a.com.br' }, ratePerSecond: 200 } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(smtp.deliveries.length).toBe(before + 1);
    expect(smtp.deliveries.at(-1)!.to).toEqual([admin.email.toLowerCase()]);
    const refused = await api('/api/campaigns/sender/test', admin, { json: { fromName: 'Loja A', smtp: { host: '127.0.0.1', port: 1, secure: false } } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SMTP_FAILED' });
    expect(refused.body.error).toMatch(/^Não foi possível conectar ao SMTP/);
  });
});

describe('a campaign to a list', () => {
  it('previews the audience with exclusions, previews per contact with escaped merge fields, sends a test', async () => {
    const a = await audienceOfFive('prev');
    const c = await createCampaign(a.listId);
    const audience = await api<AudiencePreview>(`/api/campaigns/${c.id}/audience`, admin);
    expect(audience.body).toMatchObject({ total: 5, eligible: 2, excluded: { noEmail: 1, noLegalBasis: 1, optedOut: 1, bounced: 0, suppressed: 0 } });
    const preview = await api<MessagePreview>(`/api/campaigns/${c.id}/preview?personId=${a.ok1.id}`, admin);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Oferta para Ana');
    expect(preview.body.html).toContain('Olá Ana da !');
    const xss = await person(server, admin, { name: '<script>alert(1)</script> X', emails: ['xss.prev@exemplo.com.br'], legalBasis: 'consentimento' });
    const p2 = await api<MessagePreview>(`/api/campaigns/${c.id}/preview?personId=${xss.id}`, admin);
    expect(p2.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(p2.body.html).not.toContain('<script>');
    expect(p2.body.text).toContain('Ver oferta (https://loja.exemplo.com.br/oferta?x=1&y=2)');

    const before = smtp.deliveries.length;
    const test = await api(`/api/campaigns/${c.id}/test`, admin, { json: { personId: a.ok2.id } });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(smtp.deliveries.length).toBe(before + 1);
    expect(smtp.deliveries.at(-1)!.parsed.subject).toBe('[Teste] Oferta para Bruno');
  });

  it('sends to the eligible only, with RFC 8058 headers, both parts, tracking; opens, clicks, report', async () => {
    const a = await audienceOfFive('send');
    // Suppressed by hash (an erased or earlier-unsubscribed address): excluded at preview and at send.
    const sup = await person(server, admin, { name: 'Sofia Suprimida', emails: ['sofia.send@exemplo.com.br'], legalBasis: 'consentimento' });
    await api(`/api/crm-contacts/lists/${a.listId}/members`, admin, { json: { personIds: [sup.id] } });
    await server.services.pool.query(`UPDATE people SET suppressed = true WHERE id = $1`, [sup.id]);
    const c = await createCampaign(a.listId, 'Envio real');
    const sent = await api<CampaignView>(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const done = await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    expect(done.counts).toMatchObject({ total: 2, sent: 2, failed: 0, uncertain: 0 });
    expect(deliveriesTo(`caio.send@exemplo.com.br`)).toHaveLength(0);
    expect(deliveriesTo(`eva.send@exemplo.com.br`)).toHaveLength(0);
    expect(deliveriesTo(`sofia.send@exemplo.com.br`)).toHaveLength(0);
    const [mail] = deliveriesTo('ana.send@exemplo.com.br');
    expect(mail).toBeDefined();
    expect(header(mail!.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/public\/campaigns\/unsubscribe\/[0-9a-f]{52}>,\s*<mailto:unsubscribe\+[0-9a-f]{52}@retorno\.exemplo\.com\.br\?subject=unsubscribe>$/);
    expect(header(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.from).toMatch(/^bounce\+[0-9a-f]{52}@retorno\.exemplo\.com\.br$/);
    expect(mail!.parsed.from?.value[0]).toMatchObject({ name: 'Loja A', address: 'envios@loja-a.com.br' });
    // Replies go to the recipient's own reply address on the inbound SMTP (decision 0300), then are forwarded to contato@.
    expect(mail!.parsed.replyTo?.value[0]?.address).toMatch(/^reply\+[0-9a-f]{52}@retorno\.exemplo\.com\.br$/);
    expect(mail!.parsed.subject).toBe('Oferta para Ana');
    expect(mail!.parsed.text).toContain('Olá Ana da !');
    expect(mail!.parsed.text).toContain('Para não receber mais estes e-mails: http://localhost:3000/descadastro/');
    const html = String(mail!.parsed.html);
    expect(html).toContain('Olá Ana da !');
    expect(html).toContain('Descadastrar</a>');
    expect(html).not.toContain('https://loja.exemplo.com.br/oferta');
    expect(mail!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@retorno\.exemplo\.com\.br>$/);

    // Open pixel and click redirect (only the campaign's own link, by index).
    const pixel = html.match(/src="http:\/\/localhost:3000(\/api\/public\/campaigns\/o\/[0-9a-f]{52})"/)![1]!;
    const click = html.match(/href="http:\/\/localhost:3000(\/api\/public\/campaigns\/c\/[0-9a-f]{52}\/0)"/)![1]!;
    const px = await server.request(pixel);
    expect(px.status).toBe(200);
    expect(px.headers.get('content-type')).toBe('image/gif');
    const go = await server.request(click);
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toBe('https://loja.exemplo.com.br/oferta?x=1&y=2');
    expect((await server.request(click.replace(/\/0$/, '/1'))).status).toBe(404);
    expect((await server.request(`${click.replace(/\/0$/, '')}/0?url=https://evil.example`)).headers.get('location')).toBe('https://loja.exemplo.com.br/oferta?x=1&y=2');
    const forged = click.replace(/[0-9a-f](\/0)$/, (m, rest) => (m[0] === 'a' ? 'b' : 'a') + rest);
    expect((await server.request(forged)).status).toBe(404);

    const report = await api<CampaignReport>(`/api/campaigns/${c.id}/report`, admin);
    expect(report.body.counts).toMatchObject({ sent: 2, opened: 1, clicked: 1 });
    expect(report.body.series.reduce((n, p) => n + p.sent, 0)).toBe(2);
    const recipients = await api<{ items: RecipientView[] }>(`/api/campaigns/${c.id}/recipients`, admin);
    expect(recipients.body.items.map((r) => r.status).sort()).toEqual(['clicked', 'sent']);

    // A sent campaign cannot be edited or sent again.
    expect((await api(`/api/campaigns/${c.id}`, admin, { method: 'PATCH', json: { subject: 'x' } })).status).toBe(409);
    expect((await api(`/api/campaigns/${c.id}/send`, admin, { json: {} })).status).toBe(409);
    // /comercial's tile.
    const overview = await api<{ tiles: Array<{ tool: string; kpi: { value: string } | null }> }>('/api/comercial/overview', admin);
    expect(overview.status).toBe(200);
    expect(overview.body.tiles.find((t) => t.tool === 'campanhas-massa')?.kpi?.value).toMatch(/^\d+ enviados · \d+% abertos · \d+ respostas?$/);
  });

  it('unsubscribe: a GET changes nothing, a POST (the page or one-click) unsubscribes and suppresses for later sends', async () => {
    const a = await audienceOfFive('unsub');
    const c = await createCampaign(a.listId, 'Descadastro');
    await api(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    const mail = deliveriesTo('ana.unsub@exemplo.com.br')[0]!;
    const url = new URL(/<(http[^>]+)>/.exec(header(mail.raw, 'List-Unsubscribe')!)![1]!);
    const path = url.pathname;
    const scan = await server.request(path);
    expect(scan.status).toBe(200);
    expect(await scan.json()).toMatchObject({ company: 'Campanhas A Ltda', unsubscribed: false });
    const browser = await server.request(path, { headers: { accept: 'text/html' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toMatch(/^\/descadastro\/[0-9a-f]{52}$/);
    const [p0] = await sql(server, 'SELECT email_opt_out FROM people WHERE id = $1', [a.ok1.id]);
    expect(p0.email_opt_out).toBe(false);

    // The mail client's one-click POST: a form body, no session, no Origin.
    const one = await server.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(one.status).toBe(200);
    const [p1] = await sql(server, 'SELECT email_opt_out FROM people WHERE id = $1', [a.ok1.id]);
    expect(p1.email_opt_out).toBe(true);
    expect(await isSuppressed(server.services, { db: server.services.db, companyId }, { email: 'ana.unsub@exemplo.com.br' })).toBe(true);
    expect(((await (await server.request(path)).json()) as { unsubscribed: boolean }).unsubscribed).toBe(true);

    // Opt-out cleared by someone: the suppression hash still keeps the address out of later sends.
    await server.services.pool.query('UPDATE people SET email_opt_out = false WHERE id = $1', [a.ok1.id]);
    const again = await createCampaign(a.listId, 'Depois do descadastro');
    const aud = await api<AudiencePreview>(`/api/campaigns/${again.id}/audience`, admin);
    expect(aud.body.excluded.suppressed).toBe(1);
    await api(`/api/campaigns/${again.id}/send`, admin, { json: {} });
    await waitFor(server, admin, again.id, (x) => x.status === 'sent');
    expect(deliveriesTo('ana.unsub@exemplo.com.br')).toHaveLength(1);
    expect(deliveriesTo('bruno.unsub@exemplo.com.br')).toHaveLength(2);
    expect((await server.request(`/api/public/campaigns/unsubscribe/${'a'.repeat(52)}`, { method: 'POST' })).status).toBe(404);
  });

  it('a hard bounce (DSN to the VERP address) marks the recipient devolvido and suppresses the address; a refused RCPT fails it', async () => {
    const a = await audienceOfFive('bounce');
    smtp.reject.add('bruno.bounce@exemplo.com.br');
    const c = await createCampaign(a.listId, 'Devolução');
    await api(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    const done = await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    expect(done.counts).toMatchObject({ sent: 1, failed: 1 });
    const mail = deliveriesTo('ana.bounce@exemplo.com.br')[0]!;
    const port = bounceServerPort(server.services)!;
    const dsn = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const boundary = 'dsn-boundary';
    await dsn.sendMail({
      envelope: { from: '', to: mail.from },
      raw:
        `From: MAILER-DAEMON@mx.exemplo.com.br\r\nTo: ${mail.from}\r\nSubject: Undelivered Mail Returned to Sender\r\nMIME-Version: 1.0\r\n` +
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"\r\n\r\n` +
        `--${boundary}\r\nContent-Type: text/plain\r\n\r\nA mensagem não pôde ser entregue.\r\n` +
        `--${boundary}\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.exemplo.com.br\r\n\r\nFinal-Recipient: rfc822; ana.bounce@exemplo.com.br\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 user unknown\r\n` +
        `--${boundary}--\r\n`,
    });
    dsn.close();
    for (let i = 0; i < 50; i++) {
      const [r] = await sql(server, `SELECT status FROM campaign_recipients WHERE campaign_id = $1 AND email = 'ana.bounce@exemplo.com.br'`, [c.id]);
      if (r.status === 'bounced') break;
      await sleep(100);
    }
    const recipients = await api<{ items: RecipientView[] }>(`/api/campaigns/${c.id}/recipients?status=bounced`, admin);
    expect(recipients.body.items).toHaveLength(1);
    expect(recipients.body.items[0]).toMatchObject({ email: 'ana.bounce@exemplo.com.br', status: 'bounced' });
    const [p] = await sql(server, 'SELECT email_bounced FROM people WHERE id = $1', [a.ok1.id]);
    expect(p.email_bounced).toBe(true);
    expect(await isSuppressed(server.services, { db: server.services.db, companyId }, { email: 'ana.bounce@exemplo.com.br' })).toBe(true);
    const [reason] = await sql(server, `SELECT count(*)::int AS n FROM suppression_list WHERE company_id = $1 AND reason = 'bounce'`, [companyId]);
    expect(reason.n).toBeGreaterThanOrEqual(1);
    // A soft bounce (4.x.x) changes nothing.
    const { dsnVerdict } = await import('../../src/modules/campaigns/bounces.ts');
    expect(dsnVerdict('Action: delayed\nStatus: 4.4.1')).toMatchObject({ hard: false });
  });

  it('replies: an e-mail to the reply address marks the recipient once, is forwarded whole to the reply-to, and shows in the report, the list and the tile', async () => {
    const a = await audienceOfFive('reply');
    const c = await createCampaign(a.listId, 'Respostas');
    await api(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    const mail = deliveriesTo('ana.reply@exemplo.com.br')[0]!;
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(/^reply\+[0-9a-f]{52}@retorno\.exemplo\.com\.br$/);

    const port = bounceServerPort(server.services)!;
    const inbound = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const before = smtp.deliveries.length;
    await inbound.sendMail({
      from: 'Ana Souza <ana.reply@exemplo.com.br>',
      to: replyTo,
      subject: 'Re: Oferta para Ana',
      text: 'Tenho interesse, podem me ligar?',
      attachments: [{ filename: 'pedido.txt', content: 'três camisetas' }],
    });
    // The forward: from the campaign sender to the company's reply-to, Reply-To the customer, the text, the attachment and the original.
    const forwarded = smtp.deliveries.slice(before).filter((d) => d.to.includes('contato@loja-a.com.br'));
    expect(forwarded).toHaveLength(1);
    const f = forwarded[0]!.parsed;
    expect(f.subject).toBe('Resposta à campanha "Respostas": Re: Oferta para Ana');
    expect(f.replyTo?.value[0]?.address).toBe('ana.reply@exemplo.com.br');
    expect(f.from?.value[0]).toMatchObject({ name: 'Loja A', address: 'envios@loja-a.com.br' });
    expect(f.text).toContain('Tenho interesse, podem me ligar?');
    expect(f.attachments.find((x) => x.filename === 'pedido.txt')!.content.toString()).toBe('três camisetas');
    // The original message rides along whole (mailparser reads into it, so the raw forward is checked).
    const raw = forwarded[0]!.raw;
    expect(raw).toMatch(/Content-Type: message\/rfc822/i);
    expect(raw).toContain('mensagem-original.eml');

    // A second reply is forwarded too but counted once; an out-of-office is forwarded, never counted.
    await inbound.sendMail({ from: 'ana.reply@exemplo.com.br', to: replyTo, subject: 'Re: Re: Oferta', text: 'Esqueci de dizer: à tarde.' });
    const brunoReply = deliveriesTo('bruno.reply@exemplo.com.br')[0]!.parsed.replyTo!.value[0]!.address!;
    await inbound.sendMail({ from: 'bruno.reply@exemplo.com.br', to: brunoReply, subject: 'Ausente', text: 'Estou de férias.', headers: { 'Auto-Submitted': 'auto-replied' } });
    // A forged reply address is refused at RCPT.
    await expect(inbound.sendMail({ from: 'x@exemplo.com.br', to: `reply+${'0'.repeat(52)}@retorno.exemplo.com.br`, subject: 'x', text: 'x' })).resolves.toBeDefined();
    await expect(inbound.sendMail({ from: 'x@exemplo.com.br', to: 'reply+abc@retorno.exemplo.com.br', subject: 'x', text: 'x' })).rejects.toThrow();
    const forwards = () => smtp.deliveries.slice(before).filter((d) => d.to.includes('contato@loja-a.com.br'));
    expect(forwards()).toHaveLength(3);
    // A forward that fails answers 451, a temporary failure: the customer's server keeps the message and tries again.
    smtp.reject.add('contato@loja-a.com.br');
    const later = { from: 'ana.reply@exemplo.com.br', to: replyTo, subject: 'Re: Oferta', text: 'E o frete?' };
    await expect(inbound.sendMail(later)).rejects.toMatchObject({ responseCode: 451 });
    expect(forwards()).toHaveLength(3);
    smtp.reject.delete('contato@loja-a.com.br');
    await inbound.sendMail(later);
    expect(forwards().map((d) => d.parsed.text).at(-1)).toContain('E o frete?');
    inbound.close();

    const view = await api<CampaignView>(`/api/campaigns/${c.id}`, admin);
    expect(view.body.counts).toMatchObject({ sent: 2, replied: 1, opened: 1 });
    const report = await api<CampaignReport>(`/api/campaigns/${c.id}/report`, admin);
    expect(report.body.counts.replied).toBe(1);
    expect(report.body.series.reduce((n, p) => n + p.replied, 0)).toBe(1);
    const listed = await api<{ items: CampaignView[] }>('/api/campaigns', admin);
    expect(listed.body.items.find((x) => x.id === c.id)!.counts.replied).toBe(1);
    const replied = await api<{ items: RecipientView[] }>(`/api/campaigns/${c.id}/recipients?status=replied`, admin);
    expect(replied.body.items.map((r) => [r.email, r.status])).toEqual([['ana.reply@exemplo.com.br', 'replied']]);
    expect(replied.body.items[0]!.repliedAt).toBeTruthy();
    const overview = await api<{ tiles: Array<{ tool: string; kpi: { value: string } | null }> }>('/api/comercial/overview', admin);
    expect(overview.body.tiles.find((t) => t.tool === 'campanhas-massa')?.kpi?.value).toMatch(/^\d+ enviados · \d+% abertos · [1-9]\d* respostas?$/);
  });

  it('replies: a sender its domain does not vouch for is marked; DMARC p=reject is refused; limits per token and per address', async () => {
    const a = await audienceOfFive('autentica');
    const c = await createCampaign(a.listId, 'Autenticação');
    await api(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    const replyTo = deliveriesTo('ana.autentica@exemplo.com.br')[0]!.parsed.replyTo!.value[0]!.address!;
    const inbound = nodemailer.createTransport({ host: '127.0.0.1', port: bounceServerPort(server.services)!, secure: false, ignoreTLS: true });
    const forwards = () => smtp.deliveries.filter((d) => d.to.includes('contato@loja-a.com.br') && d.parsed.subject?.includes('"Autenticação"'));

    // Anyone may write "From: the bank": no SPF or DKIM of that domain → forwarded, marked.
    await inbound.sendMail({ from: 'Banco <cobranca@banco-exemplo.com.br>', to: replyTo, subject: 'Boleto atualizado', text: 'Pague neste novo boleto.' });
    const forged = forwards().at(-1)!;
    expect(forged.parsed.subject).toBe('[Remetente não verificado] Resposta à campanha "Autenticação": Boleto atualizado');
    expect(forged.parsed.text).toMatch(/^Atenção: não foi possível confirmar que esta mensagem foi enviada por .*cobranca@banco-exemplo\.com\.br.*Desconfie de pedidos de pagamento/);
    expect(header(forged.raw, 'X-Sede-Sender-Verified')).toBe('no');
    // Signed with the domain's DKIM key: not marked.
    await inbound.sendMail({
      from: 'bia@assinado.com.br',
      to: replyTo,
      subject: 'Pedido',
      text: 'Quero dois.',
      dkim: { domainName: 'assinado.com.br', keySelector: 'sel', privateKey: dkimKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string },
    });
    expect(forwards().at(-1)!.parsed.subject).toBe('Resposta à campanha "Autenticação": Pedido');
    expect(header(forwards().at(-1)!.raw, 'X-Sede-Sender-Verified')).toBe('yes');
    // A domain whose DMARC policy is reject, failing it: refused, nothing forwarded.
    const count = forwards().length;
    await expect(inbound.sendMail({ from: 'chefe@rejeita.com.br', to: replyTo, subject: 'Urgente', text: 'Transfira hoje.' })).rejects.toMatchObject({ responseCode: 550 });
    expect(forwards()).toHaveLength(count);

    // Per token: the rule's number of messages an hour, then 451 (the sender's server tries later).
    const forgedToken = `reply+${'a'.repeat(52)}@retorno.exemplo.com.br`;
    for (let i = 0; i < INBOUND_RULES.perToken.max; i++) await inbound.sendMail({ from: 'x@exemplo.com.br', to: forgedToken, subject: `x${i}`, text: 'x' });
    await expect(inbound.sendMail({ from: 'x@exemplo.com.br', to: forgedToken, subject: 'x', text: 'x' })).rejects.toMatchObject({ responseCode: 451 });
    // Per address, across tokens (replies only): one message to many reply addresses stops at the rule's number.
    await sql(server, `DELETE FROM rate_limits WHERE key LIKE 'inbound:reply:%'`);
    const many = Array.from({ length: INBOUND_RULES.repliesPerAddress.max + 5 }, (_, i) => `reply+${i.toString(16).padStart(52, 'b')}@retorno.exemplo.com.br`);
    const info = await inbound.sendMail({ from: 'x@exemplo.com.br', to: many, subject: 'x', text: 'x' });
    expect(info.accepted).toHaveLength(INBOUND_RULES.repliesPerAddress.max);
    expect(info.rejected).toHaveLength(5);
    await expect(inbound.sendMail({ from: 'ana.autentica@exemplo.com.br', to: replyTo, subject: 'Mais uma', text: 'x' })).rejects.toMatchObject({ responseCode: 451 });
    // Bounces are not limited by address (a provider sends many at once).
    const bounce = replyTo.replace(/^reply\+/, 'bounce+');
    await expect(inbound.sendMail({ envelope: { from: '', to: bounce }, raw: 'From: MAILER-DAEMON@mx.exemplo.com.br\r\nSubject: x\r\n\r\nx\r\n' })).resolves.toBeDefined();
    inbound.close();
  });

  it('schedules in America/Sao_Paulo, pauses, resumes and cancels', async () => {
    const a = await audienceOfFive('sched');
    const c = await createCampaign(a.listId, 'Agendada');
    expect((await api(`/api/campaigns/${c.id}/send`, admin, { json: { scheduledAt: '2020-01-01T10:00' } })).status).toBe(400);
    expect((await api(`/api/campaigns/${c.id}/send`, admin, { json: { scheduledAt: 'amanhã' } })).status).toBe(400);
    const sched = await api<CampaignView>(`/api/campaigns/${c.id}/send`, admin, { json: { scheduledAt: '2099-12-01T09:30' } });
    expect(sched.body).toMatchObject({ status: 'scheduled', scheduledAt: '2099-12-01T12:30:00.000Z' });
    expect((await api<CampaignView>(`/api/campaigns/${c.id}/pause`, admin, { json: {} })).body.status).toBe('paused');
    const canceled = await api<CampaignView>(`/api/campaigns/${c.id}/cancel`, admin, { json: {} });
    expect(canceled.body).toMatchObject({ status: 'canceled', counts: { canceled: 2, sent: 0 } });
    expect((await api(`/api/campaigns/${c.id}/resume`, admin, { json: {} })).status).toBe(409);
    expect(deliveriesTo('ana.sched@exemplo.com.br')).toHaveLength(0);

    // Due now: the watchdog starts it.
    const due = await createCampaign(a.listId, 'Agendada para agora');
    await api(`/api/campaigns/${due.id}/send`, admin, { json: { scheduledAt: '2099-01-01T00:00' } });
    await server.services.pool.query(`UPDATE campaigns SET scheduled_at = now() WHERE id = $1`, [due.id]);
    await waitFor(server, admin, due.id, (x) => x.status === 'sent');
    expect(deliveriesTo('ana.sched@exemplo.com.br')).toHaveLength(1);
  });

  it('pauses a campaign while it sends (nothing more goes out), resumes it, and everyone gets it once', async () => {
    const senderBody = { fromName: 'Loja A', replyTo: 'contato@loja-a.com.br', smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'envios@loja-a.com.br' } };
    expect((await api('/api/campaigns/sender', admin, { method: 'PUT', json: { ...senderBody, ratePerSecond: 8 } })).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await person(server, admin, { name: `Pausa ${i}`, emails: [`pausa${i}@exemplo.com.br`], legalBasis: 'consentimento' })).id);
    const listId = await listOf(server, admin, 'Pausa', ids);
    const c = await createCampaign(listId, 'Pausa e retomada');
    const countPaused = () => smtp.deliveries.filter((d) => d.to[0]!.startsWith('pausa')).length;
    await api(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    for (let i = 0; i < 200 && countPaused() < 4; i++) await sleep(25);
    const paused = await api<CampaignView>(`/api/campaigns/${c.id}/pause`, admin, { json: {} });
    expect(paused.body.status).toBe('paused');
    // The lanes stop at their next message: the count settles (a message already handed to the SMTP
    // server may still land, late on a busy machine: the rate would add 8 a second), then stays.
    let settled = countPaused();
    for (let i = 0; i < 10; i++) {
      await sleep(1000);
      if (countPaused() === settled) break;
      settled = countPaused();
    }
    await sleep(1500);
    expect(countPaused()).toBe(settled);
    expect(settled).toBeLessThan(24);
    expect((await api(`/api/campaigns/${c.id}/pause`, admin, { json: {} })).status).toBe(409);
    const resumed = await api<CampaignView>(`/api/campaigns/${c.id}/resume`, admin, { json: {} });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const done = await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    expect(done.counts).toMatchObject({ total: 24, sent: 24, uncertain: 0 });
    const perAddress = smtp.countByRecipient();
    for (let i = 0; i < 24; i++) expect(perAddress.get(`pausa${i}@exemplo.com.br`)).toBe(1);
    expect((await api('/api/campaigns/sender', admin, { method: 'PUT', json: { ...senderBody, ratePerSecond: 200 } })).status).toBe(200);
  });

  it('bad input: 400s, unknown ids 404, another company’s list 404', async () => {
    expect((await api('/api/campaigns', admin, { json: { name: '' } })).status).toBe(400);
    expect((await api('/api/campaigns', admin, { json: { name: 'x', listId: 'nao-e-uuid' } })).status).toBe(400);
    expect((await api('/api/campaigns', admin, { json: { name: 'x', subject: 'a'.repeat(201) } })).status).toBe(400);
    expect((await api('/api/campaigns', admin, { json: { name: 'x\u0000' } })).status).toBe(400);
    expect((await api('/api/campaigns', admin, { json: { name: 'x', channel: 'sms' } })).status).toBe(400);
    expect((await api('/api/campaigns/00000000-0000-0000-0000-000000000000', admin)).status).toBe(404);
    expect((await api('/api/campaigns/abc', admin)).status).toBe(404);
    const foreignList = await listOf(server, outsider, 'Lista de fora', []).catch(() => null);
    if (foreignList) expect((await api('/api/campaigns', admin, { json: { name: 'x', listId: foreignList } })).status).toBe(404);
    const empty = await createCampaign((await audienceOfFive('bad')).listId, 'Sem conteúdo');
    const patched = await api(`/api/campaigns/${empty.id}`, admin, { method: 'PATCH', json: { html: '' } });
    expect(patched.status).toBe(200);
    expect((await api(`/api/campaigns/${empty.id}/send`, admin, { json: {} })).body).toMatchObject({ code: 'BODY_REQUIRED' });
  });
});

describe('isolation', () => {
  it('another company’s member gets 404 for every campaign endpoint and token; a member without campanhas.delete 403', async () => {
    const a = await audienceOfFive('iso');
    const c = await createCampaign(a.listId, 'Isolada');
    const draft = await createCampaign(a.listId, 'Rascunho isolado');
    await api(`/api/campaigns/${c.id}/send`, admin, { json: {} });
    await waitFor(server, admin, c.id, (x) => x.status === 'sent');
    const secrets = [c.id, 'Isolada', 'ana.iso@exemplo.com.br'];
    await expectTenantIsolation(server, { owner: { jar: admin.jar }, outsider: { jar: outsider.jar }, secrets }, [
      { method: 'GET', path: `/api/campaigns/${c.id}` },
      { method: 'GET', path: `/api/campaigns/${c.id}/audience` },
      { method: 'GET', path: `/api/campaigns/${c.id}/preview?personId=${a.ok1.id}` },
      { method: 'GET', path: `/api/campaigns/${c.id}/recipients` },
      { method: 'GET', path: `/api/campaigns/${c.id}/report` },
      { method: 'PATCH', path: `/api/campaigns/${draft.id}`, body: { subject: 'Novo assunto' } },
      { method: 'POST', path: `/api/campaigns/${draft.id}/test`, body: {} },
      { method: 'POST', path: `/api/campaigns/${draft.id}/send`, body: { scheduledAt: '2099-05-05T10:00' } },
      { method: 'POST', path: `/api/campaigns/${draft.id}/pause`, body: {} },
      { method: 'POST', path: `/api/campaigns/${draft.id}/resume`, body: {} },
      { method: 'POST', path: `/api/campaigns/${draft.id}/cancel`, body: {} },
    ]);
    // The outsider's own list endpoints see none of A's campaigns.
    const theirs = await api<{ items: CampaignView[] }>('/api/campaigns', outsider);
    expect(theirs.body.items.map((x) => x.id)).not.toContain(c.id);
    // Deleting: campanhas.delete (financeiro lacks it: 403), outsider 404.
    await expectTenantIsolation(server, { owner: { jar: admin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: financeiro.jar }, secrets }, [
      { method: 'DELETE', path: `/api/campaigns/${draft.id}` },
    ]);
    // Every member may read and send (decision 0125).
    expect((await api(`/api/campaigns/${c.id}`, financeiro)).status).toBe(200);
    // Tokens: a recipient token of company A is unusable with any forged variant; the outsider's session changes nothing.
    const [r] = await sql(server, `SELECT id FROM campaign_recipients WHERE campaign_id = $1 LIMIT 1`, [c.id]);
    const token = recipientToken(server.services, r.id);
    const otherToken = recipientToken(server.services, '00000000-0000-4000-8000-000000000000');
    for (const p of [`/api/public/campaigns/unsubscribe/${otherToken}`, `/api/public/campaigns/c/${otherToken}/0`, `/api/public/campaigns/unsubscribe/${token.slice(0, 51)}${token.endsWith('0') ? '1' : '0'}`]) {
      const res = await server.request(p, { jar: outsider.jar });
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('Campanhas A');
    }
    expect((await server.request(`/api/public/campaigns/o/${otherToken}`)).status).toBe(200); // the pixel is always a pixel
  });
});
