import { renderTemplate as renderMerge } from '@sede/shared/campaigns/render';
import type { Services, Tenant } from '../../services.ts';
import { suppressionHash } from '../parties/public.ts';
import { sendTemplate } from '../whatsapp/public.ts';
import { composeMessage, mailDomain, mergeValues, peopleFacts, replyAddress, type PersonFacts } from './compose.ts';
import { recipientToken } from './crypto.ts';
import type { transportFor } from './sender.ts';
import { listedHashes, listedPhones } from './suppressed-phones.ts';

/**
 * One recipient of a campaign being sent (decision 0253): whether it may still receive it
 * (decision 0255), the message through the company's transport or WhatsApp, and its status after.
 */

export const UNCERTAIN_MESSAGE = 'O envio foi interrompido no meio; para não enviar duas vezes, esta mensagem não foi reenviada.';
const MAX_ATTEMPTS = 3;

export type Claimed = { id: string; email: string; person_id: string | null; attempts: number };

export type SendingCampaign = {
  id: string;
  company_id: string;
  created_by: string | null;
  subject: string;
  html: string;
  text: string | null;
  links: string[];
  name: string;
  channel: string;
  whatsapp_template: {
    name: string;
    language: string;
    variables: string[];
    header?: { format: 'text' | 'image' | 'video' | 'document'; value: string } | null;
    buttons?: Array<{ index: number; value: string }>;
  } | null;
};

export const setRecipientStatus = (s: Services, id: string, status: string, fields: { error?: string | null; messageId?: string | null } = {}) =>
  s.pool.query(
    `UPDATE campaign_recipients SET status = $2, error = $3, message_id = coalesce($4, message_id), lease_until = NULL,
            sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
      WHERE id = $1 AND status IN ('sending', 'uncertain')`,
    [id, status, fields.error ?? null, fields.messageId ?? null],
  );

/**
 * Accepted messages are marked 'sent' in one statement every few milliseconds (a crash before
 * the write leaves them 'sending': 'incerto', never resent; decision 0253). `stop()` writes the rest.
 */
export function sentMarker(s: Services) {
  let buffer: Array<[string, string]> = [];
  let flushing: Promise<unknown> = Promise.resolve();
  const flush = () => {
    if (!buffer.length) return flushing;
    const batch = buffer;
    buffer = [];
    flushing = flushing.then(() =>
      s.pool
        .query(
          `UPDATE campaign_recipients r SET status = 'sent', sent_at = now(), message_id = x.mid, lease_until = NULL, error = NULL
             FROM unnest($1::uuid[], $2::text[]) AS x(id, mid) WHERE r.id = x.id AND r.status IN ('sending', 'uncertain')`,
          [batch.map((b) => b[0]), batch.map((b) => b[1])],
        )
        .catch((e) => console.error('[campaigns] marking sent failed:', (e as Error).message)),
    );
    return flushing;
  };
  const timer = setInterval(() => void flush(), 50);
  return {
    mark: (id: string, messageId: string) => {
      buffer.push([id, messageId]);
      if (buffer.length >= 100) void flush();
    },
    stop: () => {
      clearInterval(timer);
      return flush();
    },
  };
}

/**
 * Compliance at send time (decision 0255): the people's flags now and the suppression lists.
 * Answers why each excluded recipient is skipped, and the facts of the batch's people.
 */
export async function exclusions(s: Services, tenant: Tenant, batch: Claimed[], whatsapp: boolean): Promise<{ skip: Map<string, string>; facts: Map<string, PersonFacts> }> {
  const facts = await peopleFacts(tenant.db, tenant.companyId, batch.map((b) => b.person_id).filter((x): x is string => !!x));
  const skip = new Map<string, string>();
  const person = (b: Claimed) => (b.person_id ? facts.get(b.person_id) : undefined);
  if (whatsapp) {
    // WhatsApp (decision 0294): the person's flags now; the e-mail suppression hashes do not apply to a number.
    const listed = await listedPhones(s, tenant, batch.map((b) => b.email));
    for (const b of batch) {
      const p = person(b);
      const reason = !p || p.deletedAt ? 'Contato excluído.' : !p.legalBasis ? 'Sem base legal.' : p.whatsappOptOut || listed.has(b.email) ? 'Descadastrado do WhatsApp.' : p.suppressed ? 'Na lista de supressão.' : null;
      if (reason) skip.set(b.id, reason);
    }
    return { skip, facts };
  }
  const hashes = batch.map((b) => suppressionHash(s, tenant.companyId, { email: b.email }).hash);
  const listedSet = await listedHashes(tenant, hashes);
  batch.forEach((b, i) => {
    const p = person(b);
    const reason = !p || p.deletedAt ? 'Contato excluído.' : !p.legalBasis ? 'Sem base legal.' : p.emailOptOut ? 'Descadastrado.' : p.emailBounced ? 'E-mail devolvido antes.' : p.suppressed || listedSet.has(hashes[i]!) ? 'Na lista de supressão.' : null;
    if (reason) skip.set(b.id, reason);
  });
  return { skip, facts };
}

type Delivery = {
  s: Services;
  tenant: Tenant;
  campaign: SendingCampaign;
  transport: Awaited<ReturnType<typeof transportFor>>;
  /** Records a message the server accepted (see `sentMarker`). */
  accepted: (id: string, messageId: string) => void;
  content: Parameters<typeof composeMessage>[1];
  domain: string;
};

/** What every message of the campaign shares, computed once per run. */
export function delivery(s: Services, tenant: Tenant, campaign: SendingCampaign, transport: Delivery['transport'], accepted: Delivery['accepted']): Delivery {
  const content = { id: campaign.id, subject: campaign.subject, html: campaign.html, text: campaign.text, links: campaign.links ?? [] };
  return { s, tenant, campaign, transport, accepted, content, domain: mailDomain(s) };
}

/** A WhatsApp template (decision 0294): Meta refused → 'failed'; no answer → 'uncertain' (it may have gone out). */
async function sendTemplateTo(d: Delivery, r: Claimed, p: PersonFacts | null): Promise<boolean> {
  const tpl = d.campaign.whatsapp_template!;
  const values = mergeValues(p, p?.emails[0] ?? null);
  try {
    const merged = (v: string) => renderMerge(v, values, 'text').trim() || '-';
    // The header's {{1}} and URL buttons' suffixes take merge fields too; a media header's link goes as it is (decision 0302).
    const header = tpl.header ? { format: tpl.header.format, value: tpl.header.format === 'text' ? merged(tpl.header.value) : tpl.header.value } : null;
    const buttons = (tpl.buttons ?? []).map((b) => ({ index: b.index, value: merged(b.value) }));
    const wamid = await sendTemplate(d.s, d.tenant, r.email, { template: tpl.name, language: tpl.language, variables: tpl.variables.map(merged), header, buttons }, { campaignRecipientId: r.id });
    d.accepted(r.id, wamid);
    return true;
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'WHATSAPP_API_ERROR' || err.code === 'WHATSAPP_NOT_CONFIGURED') await setRecipientStatus(d.s, r.id, 'failed', { error: err.message.slice(0, 300) });
    else await setRecipientStatus(d.s, r.id, 'uncertain', { error: `${UNCERTAIN_MESSAGE} (${err.message.slice(0, 200)})` });
    return false;
  }
}

/** An e-mail through the company's pooled transport (or the platform's mailer): whether the server accepted it. */
async function sendMailTo(d: Delivery, r: Claimed, p: PersonFacts | null): Promise<boolean> {
  const { s, transport: ct, domain } = d;
  const m = composeMessage(s, d.content, mergeValues(p, r.email), r.id);
  const messageId = `<${r.id}@${domain}>`;
  try {
    if (ct.transport) {
      await ct.transport.sendMail({
        from: ct.from,
        to: r.email,
        // The recipient's own reply address (decision 0300), else the company's reply-to.
        replyTo: replyAddress(s, r.id) ?? ct.replyTo ?? undefined,
        subject: m.subject,
        html: m.html,
        text: m.text,
        messageId,
        headers: m.headers,
        // base64 is encoded natively; quoted-printable in JavaScript costs more CPU per message.
        textEncoding: 'base64',
        envelope: { from: `bounce+${recipientToken(s, r.id)}@${domain}`, to: r.email },
      });
    } else await s.mailer.send({ to: r.email, subject: m.subject, html: m.html, text: m.text });
    d.accepted(r.id, messageId);
    return true;
  } catch (e) {
    const err = e as Error & { responseCode?: number; command?: string; code?: string };
    const reason = err.message.slice(0, 300);
    if (err.responseCode && err.responseCode >= 500) await setRecipientStatus(s, r.id, 'failed', { error: reason });
    else if (err.command === 'DATA' || err.command === 'API' || (!err.command && !['ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ESOCKET'].includes(err.code ?? ''))) {
      // The message may have reached the server: not retried (decision 0253).
      await setRecipientStatus(s, r.id, 'uncertain', { error: `${UNCERTAIN_MESSAGE} (${reason})` });
    } else if (r.attempts < MAX_ATTEMPTS) await setRecipientStatus(s, r.id, 'queued', { error: reason });
    else await setRecipientStatus(s, r.id, 'failed', { error: reason });
    return false;
  }
}

/** Sends the campaign to one claimed recipient: whether it went out (its status is written either way). */
export function deliver(d: Delivery, r: Claimed, facts: Map<string, PersonFacts>): Promise<boolean> {
  const p = r.person_id ? (facts.get(r.person_id) ?? null) : null;
  return d.campaign.channel === 'whatsapp' ? sendTemplateTo(d, r, p) : sendMailTo(d, r, p);
}
