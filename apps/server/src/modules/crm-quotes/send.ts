import { QUOTE_MESSAGES, type Quote } from '@sede/shared/crm/quotes';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { layout } from '../../platform/mail-templates.ts';
import type { Services, Tenant } from '../../services.ts';
import { getPerson, isSuppressed } from '../parties/public.ts';
import { quoteClient } from './client.ts';
import { quoteLinkToken, quoteLinkUrl } from './links.ts';
import { quotePdf } from './pdf.ts';
import { companyOf, effectiveStatus, getQuote, markSent } from './service.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dateBr = (iso: string) => iso.split('-').reverse().join('/');

export async function pdfOf(t: Pick<Tenant, 'db' | 'companyId'>, quote: Quote) {
  const [company, client] = await Promise.all([companyOf(t.db, t.companyId), quoteClient(t, quote)]);
  return { pdf: await quotePdf(company, quote, client), filename: `orcamento-${quote.number}.pdf`, companyName: company.fantasia || company.name };
}

/**
 * Sends the quote by e-mail (decision 0161): to the given address or the contact's first e-mail,
 * never to a suppressed one; the PDF attached and the client's signed link to accept or refuse.
 * A draft becomes 'enviado'; the sending is audited.
 */
export async function sendQuote(s: Services, t: Tenant, id: string, input: { to?: string; message: string }) {
  const quote = await getQuote(t, id);
  const status = effectiveStatus(quote.status, quote.validUntil);
  if (status === 'expirado') throw conflict(QUOTE_MESSAGES.expired, 'QUOTE_EXPIRED');
  if (status === 'aceito' || status === 'recusado') throw conflict(QUOTE_MESSAGES.alreadyAnswered, 'QUOTE_ALREADY_ANSWERED');
  let to = input.to?.toLowerCase();
  let firstName: string | undefined;
  if (quote.personId) {
    const person = await getPerson(t, quote.personId).catch(() => null);
    if (person) {
      to ??= person.emails[0];
      firstName = person.name.split(' ')[0];
      if (person.emailOptOut && to && person.emails.includes(to)) throw conflict(QUOTE_MESSAGES.suppressed, 'CONTACT_SUPPRESSED');
    }
  }
  if (!to) throw badRequest(QUOTE_MESSAGES.noRecipient, 'NO_RECIPIENT');
  if (await isSuppressed(s, t, { email: to })) throw conflict(QUOTE_MESSAGES.suppressed, 'CONTACT_SUPPRESSED');
  const { pdf, filename, companyName } = await pdfOf(t, quote);
  const url = quoteLinkUrl(s, quoteLinkToken(s, quote.id, quote.validUntil));
  const subject = `Orçamento nº ${quote.number} — ${companyName}`;
  const paragraphs = [
    firstName ? `Olá, ${firstName}!` : 'Olá!',
    ...(input.message ? [input.message] : []),
    `Segue o orçamento nº ${quote.number} de ${companyName}, no valor de ${brl.format(quote.totalCents / 100)}, válido até ${dateBr(quote.validUntil)}. O PDF está em anexo.`,
    'Para aceitar ou recusar, use o botão abaixo (não é preciso criar conta).',
  ];
  try {
    await s.mailer.send({
      to,
      subject,
      text: `${paragraphs.join('\n\n')}\n\nVer e responder: ${url}`,
      html: layout(subject, paragraphs, { label: 'Ver orçamento e responder', url }),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (e) {
    console.error('[crm-quotes] send failed', (e as Error).message);
    throw new AppError(409, 'MAIL_FAILED', 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.');
  }
  await t.db.transaction(async (tx) => {
    await markSent(tx, t, quote.id, to, null);
    await logAudit(tx, t, { action: 'quote_sent', entity: 'quote', id: quote.id, details: { label: `Orçamento nº ${quote.number}`, channel: 'email' } });
  });
  return getQuote(t, id);
}
