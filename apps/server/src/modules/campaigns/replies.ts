import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { announce } from '../../platform/live/announce.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import type { SenderVerdict } from './inbound-check.ts';
import { LIVE_CAMPAIGN } from './send.ts';
import { transportFor } from './sender.ts';
import { recipientOf } from './tracking.ts';

/**
 * Replies to campaigns (decision 0300). E-mail: every message's Reply-To is the recipient's own
 * `reply+<token>@<domain>` on the inbound SMTP the campaigns run; what arrives there marks the
 * recipient and is forwarded, whole, to the company's reply-to address. WhatsApp: a customer's
 * message within REPLY_WINDOW_DAYS after a campaign template went to that number is a reply to
 * the latest such campaign.
 */
export const REPLY_WINDOW_DAYS = 7;


/** A customer's WhatsApp message: the latest campaign message sent to that number in the window replied to (or unsubscribed from, for 'SAIR'). */
export async function recordWhatsappReply(s: Services, companyId: string, numbers: string[], kind: 'reply' | 'opt_out') {
  const set = kind === 'opt_out' ? sql`unsubscribed_at = coalesce(unsubscribed_at, now())` : sql`replied_at = coalesce(replied_at, now()), opened_at = coalesce(opened_at, now())`;
  // The company is the webhook's account's (the key Meta called).
  const { db } = systemTenant(s, companyId, 'webhook');
  const { rows } = await db.execute<{ campaign_id: string }>(sql`
    UPDATE campaign_recipients SET ${set}
     WHERE id = (SELECT r.id FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
                  WHERE r.company_id = ${companyId} AND c.company_id = ${companyId} AND c.channel = 'whatsapp' AND r.email = ANY(${sql.param(numbers)}::text[])
                    AND r.status = 'sent' AND r.sent_at > now() - make_interval(days => ${REPLY_WINDOW_DAYS})
                  ORDER BY r.sent_at DESC LIMIT 1)
     RETURNING campaign_id`);
  if (rows[0]) await announce(db, { companyId, entity: LIVE_CAMPAIGN, id: rows[0].campaign_id, action: 'progress' });
}

/** An out-of-office or other automatic answer (RFC 3834 and the usual headers): forwarded, but not a reply. */
export function isAutomatic(parsed: ParsedMail): boolean {
  const h = (name: string) => String(parsed.headers.get(name) ?? '').toLowerCase();
  const auto = h('auto-submitted');
  if (auto && auto !== 'no') return true;
  if (/auto_reply|auto-reply|bulk|junk|list/.test(h('precedence'))) return true;
  return parsed.headers.has('x-autoreply') || parsed.headers.has('x-autorespond');
}

const addressText = (v: ParsedMail['from']) => v?.text ?? '';

export const UNVERIFIED_SUBJECT = '[Remetente não verificado]';
export const unverifiedWarning = (from: string) =>
  `Atenção: não foi possível confirmar que esta mensagem foi enviada por ${from} (o domínio do remetente não a autenticou por SPF nem DKIM). Desconfie de pedidos de pagamento, dados bancários, senhas ou links.`;

/**
 * An e-mail to a recipient's reply address: the first one marks `replied_at` (and `opened_at`),
 * and every one is forwarded to the company's reply-to (else the campaign's creator) from the
 * campaign sender, with Reply-To set to whoever wrote, its text, its attachments and the original
 * message as an .eml so nothing is lost. A forged or unknown token: nothing (the SMTP answered 250).
 * A sender its domain did not vouch for (SPF/DKIM, decision 0352) is marked in the subject and the
 * first lines, so nobody acts on a forged "customer" asking for a payment or a password.
 */
export async function recordEmailReply(s: Services, token: string, parsed: ParsedMail, raw: Buffer, sender: SenderVerdict) {
  const r = await recipientOf(s, token);
  const tenant = systemTenant(s, r.company_id, 'inbound-mail');
  const { db } = tenant;
  const automatic = isAutomatic(parsed);
  if (!automatic) {
    const { rowCount } = await db.execute(
      sql`UPDATE campaign_recipients SET replied_at = coalesce(replied_at, now()), opened_at = coalesce(opened_at, now()) WHERE id = ${r.id} AND company_id = ${r.company_id} AND replied_at IS NULL`,
    );
    if (rowCount) await announce(db, { companyId: r.company_id, entity: LIVE_CAMPAIGN, id: r.campaign_id, action: 'progress' });
  }
  const { rows } = await db.execute<{ name: string; reply_to: string | null; creator: string | null }>(sql`
    SELECT c.name, snd.reply_to, u.email AS creator FROM campaigns c
      LEFT JOIN campaign_senders snd ON snd.company_id = c.company_id
      LEFT JOIN "user" u ON u.id = c.created_by
     WHERE c.id = ${r.campaign_id} AND c.company_id = ${r.company_id}`);
  const c = rows[0];
  const to = c?.reply_to ?? c?.creator ?? null;
  if (!c || !to) return;
  const from = addressText(parsed.from) || r.email;
  const mark = sender.verified ? '' : `${UNVERIFIED_SUBJECT} `;
  const subject = `${mark}Resposta à campanha "${c.name}": ${parsed.subject ?? '(sem assunto)'}`.replace(/[\r\n]+/g, ' ').slice(0, 250);
  const intro =
    (sender.verified ? '' : `${unverifiedWarning(from)} `) +
    `${from} respondeu à campanha "${c.name}"${automatic ? ' (resposta automática)' : ''}. Responda a este e-mail para falar com essa pessoa.`;
  const text = `${intro}\n\n${parsed.text ?? ''}`;
  const attachments = [
    ...parsed.attachments.filter((a) => !/delivery-status/i.test(a.contentType)).map((a) => ({ filename: a.filename ?? 'anexo', content: a.content, contentType: a.contentType })),
    { filename: 'mensagem-original.eml', content: raw, contentType: 'message/rfc822' },
  ];
  const ct = await transportFor(s, tenant);
  const replyTo = parsed.from?.value[0]?.address ?? r.email;
  if (ct.transport) {
    await ct.transport.sendMail({
      from: ct.from,
      to,
      replyTo,
      subject,
      text,
      ...(typeof parsed.html === 'string' ? { html: `<p>${escapeHtml(intro)}</p><hr>${parsed.html}` } : {}),
      attachments,
      headers: { 'Auto-Submitted': 'auto-forwarded', 'X-Sede-Sender-Verified': sender.verified ? 'yes' : 'no' },
    });
  } else await s.mailer.send({ to, subject, text, html: `<p>${escapeHtml(intro)}</p><pre>${escapeHtml(parsed.text ?? '')}</pre>`, attachments });
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
