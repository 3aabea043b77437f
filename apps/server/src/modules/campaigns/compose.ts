import { and, eq, inArray } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { firstName, htmlToText, type MergeValues, renderTemplate, rewriteLinks } from '@sede/shared/campaigns/render';
import type { Services } from '../../services.ts';
import { recipientToken } from './crypto.ts';

export type PersonFacts = {
  id: string;
  name: string;
  emails: string[];
  phones: string[];
  position: string | null;
  organization: string | null;
  legalBasis: string | null;
  emailOptOut: boolean;
  emailBounced: boolean;
  whatsappOptOut: boolean;
  suppressed: boolean;
  deletedAt: Date | null;
};

/** People with what the templates and the compliance checks need, by id. */
export async function peopleFacts(db: DbOrTx, companyId: string, ids: string[]): Promise<Map<string, PersonFacts>> {
  if (!ids.length) return new Map();
  const P = schema.people;
  const O = schema.organizations;
  const rows = await db
    .select({
      id: P.id,
      name: P.name,
      emails: P.emails,
      phones: P.phones,
      position: P.position,
      organization: O.nomeFantasia,
      razaoSocial: O.razaoSocial,
      legalBasis: P.legalBasis,
      emailOptOut: P.emailOptOut,
      emailBounced: P.emailBounced,
      whatsappOptOut: P.whatsappOptOut,
      suppressed: P.suppressed,
      deletedAt: P.deletedAt,
    })
    .from(P)
    .leftJoin(O, eq(O.id, P.organizationId))
    .where(and(eq(P.companyId, companyId), inArray(P.id, ids)));
  return new Map(rows.map((r) => [r.id, { ...r, organization: r.organization ?? r.razaoSocial ?? null }]));
}

export const mergeValues = (p: Pick<PersonFacts, 'name' | 'position' | 'organization'> | null, email: string | null): MergeValues => ({
  primeiro_nome: p ? firstName(p.name) : '',
  nome: p?.name ?? '',
  empresa: p?.organization ?? '',
  cargo: p?.position ?? '',
  email: email ?? '',
});

export type CampaignContent = { id: string; subject: string; html: string; text: string | null; links: string[] };

export const trackingUrls = (s: Services, recipientId: string) => {
  const token = recipientToken(s, recipientId);
  const base = `${s.cfg.appUrl}/api/public/campaigns`;
  return {
    token,
    open: `${base}/o/${token}`,
    click: (i: number) => `${base}/c/${token}/${i}`,
    unsubscribeApi: `${base}/unsubscribe/${token}`,
    unsubscribePage: `${s.cfg.appUrl}/descadastro/${token}`,
  };
};

/** The domain of the VERP and mailto addresses: BOUNCE_DOMAIN, else MAIL_FROM's domain. */
export const mailDomain = (s: Services) => s.cfg.BOUNCE_DOMAIN ?? /@([^>\s]+)/.exec(s.cfg.MAIL_FROM)?.[1] ?? 'sede.local';

/** The Reply-To of one recipient's message, when the inbound SMTP runs (decision 0300); else null: the company's own reply-to. */
export const replyAddress = (s: Services, recipientId: string) => (s.cfg.BOUNCE_SMTP_PORT === undefined ? null : `reply+${recipientToken(s, recipientId)}@${mailDomain(s)}`);

/**
 * One recipient's message: merge fields filled (escaped in HTML), links through the click
 * redirect, the open pixel, the visible unsubscribe link, and the RFC 8058 headers.
 * `recipientId` null: a preview or test (no tracking, the unsubscribe link is inert).
 */
export function composeMessage(s: Services, c: CampaignContent, values: MergeValues, recipientId: string | null) {
  const subject = renderTemplate(c.subject, values, 'text').replace(/[\r\n]+/g, ' ');
  let html = renderTemplate(c.html, values, 'html');
  let text = renderTemplate(c.text ?? htmlToText(c.html), values, 'text');
  const urls = recipientId ? trackingUrls(s, recipientId) : null;
  const unsubscribe = urls?.unsubscribePage ?? `${s.cfg.appUrl}/descadastro/exemplo`;
  if (urls) html = rewriteLinks(html, c.links, urls.click);
  html +=
    `\n<p style="margin-top:24px;font-size:12px;color:#6b7280">Você recebeu este e-mail porque está na lista de contatos do remetente. ` +
    `<a href="${unsubscribe}">Descadastrar</a></p>` +
    (urls ? `\n<img src="${urls.open}" width="1" height="1" alt="" style="display:block;border:0">` : '');
  text += `\n\n--\nPara não receber mais estes e-mails: ${unsubscribe}`;
  const headers: Record<string, string> = urls
    ? {
        'List-Unsubscribe': `<${urls.unsubscribeApi}>, <mailto:unsubscribe+${urls.token}@${mailDomain(s)}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
  return { subject, html, text, headers, token: urls?.token ?? null };
}
