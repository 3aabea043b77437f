import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { money } from '@sede/shared/format';
import { NFSE_DELIVERY_MESSAGES as D, NFSE_MESSAGES as M, type NfseDelivery } from '@sede/shared/finance/nfse';
import { conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { layout } from '../../platform/mail-templates.ts';
import type { MailAttachment } from '../../platform/mail.ts';
import type { Services, Tenant } from '../../services.ts';
import { getEntry } from '../finance/public.ts';
import { readEntityFile } from '../files/public.ts';
import { getOrganization, getPerson, isSuppressed } from '../parties/public.ts';
import { latestInvoiceRow, NFSE_INVOICE } from './invoices.ts';

const I = schema.nfseInvoices;
const DL = schema.nfseDeliveries;
const U = schema.user;

type InvoiceRow = typeof I.$inferSelect;

/** The customer's address for the note: the organization's e-mail, else the person's first one. */
async function customerEmail(tenant: Tenant, entry: { organizationId: string | null; personId: string | null }): Promise<{ email: string | null; firstName: string | null }> {
  if (entry.organizationId) {
    const o = await getOrganization(tenant, entry.organizationId).catch(() => null);
    if (o?.email) return { email: o.email.toLowerCase(), firstName: null };
  }
  if (entry.personId) {
    const p = await getPerson(tenant, entry.personId).catch(() => null);
    if (p?.emails[0]) return { email: p.emails[0].toLowerCase(), firstName: p.name.split(' ')[0] ?? null };
  }
  return { email: null, firstName: null };
}

async function record(tenant: Tenant, invoice: InvoiceRow, d: { sentTo: string | null; status: 'sent' | 'failed'; error: string | null; manual: boolean }) {
  await tenant.db.transaction(async (tx) => {
    await tx.insert(DL).values({ companyId: tenant.companyId, invoiceId: invoice.id, sentTo: d.sentTo, status: d.status, error: d.error, sentBy: d.manual ? tenant.actorId || null : null });
    if (d.status === 'sent') await logAudit(tx, tenant, { action: 'nfse_sent', entity: NFSE_INVOICE, id: invoice.id, details: { number: invoice.number, serie: invoice.serie, manual: d.manual } });
    await announce(tx, { companyId: tenant.companyId, entity: 'fin_entry', id: invoice.entryId, action: 'updated' });
  });
}

/**
 * E-mails the customer the authorised note (decision 0545): the DANFSe PDF and the authorised XML
 * attached, through the platform's mail, to `to` or the receivable's customer's e-mail, never to a
 * suppressed address. Every attempt is recorded (when, to whom, sent or why not). `manual` is a
 * member's 'Reenviar': its refusals are errors; the automatic one after authorisation records them.
 */
export async function deliverInvoice(s: Services, tenant: Tenant, invoice: InvoiceRow, o: { to?: string; manual: boolean }): Promise<NfseDelivery['status']> {
  if (invoice.status !== 'authorized') throw conflict(D.notAuthorized, 'NFSE_NOT_AUTHORIZED');
  const entry = await getEntry(tenant, invoice.entryId);
  const customer = await customerEmail(tenant, entry);
  const to = o.to?.toLowerCase() ?? customer.email;
  const refuse = async (message: string, code: string) => {
    if (o.manual) throw conflict(message, code);
    await record(tenant, invoice, { sentTo: to, status: 'failed', error: message, manual: false });
    return 'failed' as const;
  };
  if (!to) return refuse(D.noRecipient, 'NFSE_NO_RECIPIENT');
  if (await isSuppressed(s, tenant, { email: to })) return refuse(D.suppressed, 'CONTACT_SUPPRESSED');

  const files = await Promise.all(
    [invoice.pdfFileId, invoice.xmlFileId].map((id) => (id ? readEntityFile(s, tenant, id, NFSE_INVOICE, invoice.id) : Promise.resolve(null))),
  );
  const attachments: MailAttachment[] = files.flatMap((f) => (f ? [{ filename: f.name, content: f.bytes, contentType: f.mime }] : []));
  const [company] = await tenant.db.select({ name: schema.companies.name, fantasia: schema.companies.fantasia }).from(schema.companies).where(eq(schema.companies.id, tenant.companyId));
  const companyName = company?.fantasia?.trim() || company?.name || '';
  const subject = `Nota fiscal de serviço nº ${invoice.number} — ${companyName}`;
  const paragraphs = [
    customer.firstName && !o.to ? `Olá, ${customer.firstName}!` : 'Olá!',
    `${companyName} emitiu a nota fiscal de serviço eletrônica (NFS-e) nº ${invoice.number}, série ${invoice.serie}, no valor de ${money(invoice.amountCents)}, referente a: ${entry.description}.`,
    `Seguem em anexo o DANFSe (PDF) e o XML da nota. Chave de acesso: ${invoice.accessKey}.`,
    ...(invoice.environment === 'restricted' ? ['Esta nota foi emitida no ambiente de produção restrita (testes) e não tem valor fiscal.'] : []),
  ];
  try {
    await s.mailer.send({ to, subject, text: paragraphs.join('\n\n'), html: layout(subject, paragraphs), attachments });
  } catch (e) {
    console.error('[finance-nfse] delivery failed', (e as Error).message);
    await record(tenant, invoice, { sentTo: to, status: 'failed', error: D.failed, manual: o.manual });
    if (o.manual) throw conflict(D.failed, 'MAIL_FAILED');
    return 'failed';
  }
  await record(tenant, invoice, { sentTo: to, status: 'sent', error: null, manual: o.manual });
  return 'sent';
}

/** 'Reenviar': the receivable's authorised note sent again (404 when it has none live). */
export async function resendInvoice(s: Services, tenant: Tenant, entryId: string, to?: string) {
  await getEntry(tenant, entryId);
  const invoice = await latestInvoiceRow(tenant.db, tenant, entryId);
  if (!invoice) throw notFound(M.invoiceNotFound);
  await deliverInvoice(s, tenant, invoice, { to, manual: true });
  return listDeliveries(tenant, entryId);
}

/** The sendings of the receivable's latest note, newest first. */
export async function listDeliveries(tenant: Tenant, entryId: string): Promise<{ deliveries: NfseDelivery[] }> {
  const invoice = await latestInvoiceRow(tenant.db, tenant, entryId);
  if (!invoice) return { deliveries: [] };
  const rows = await tenant.db
    .select({ id: DL.id, sentTo: DL.sentTo, status: DL.status, error: DL.error, sentByName: U.name, createdAt: DL.createdAt })
    .from(DL)
    .leftJoin(U, eq(U.id, DL.sentBy))
    .where(and(eq(DL.companyId, tenant.companyId), eq(DL.invoiceId, invoice.id)))
    .orderBy(desc(DL.createdAt))
    .limit(50);
  return { deliveries: rows.map((r) => ({ ...r, status: r.status as NfseDelivery['status'], sentByName: r.sentByName ?? null, createdAt: r.createdAt.toISOString() })) };
}

/** The sending right after authorisation: never fails the issue (the note exists); what went wrong is recorded and shown. */
export async function deliverAfterIssue(s: Services, tenant: Tenant, invoiceId: string): Promise<void> {
  try {
    const [invoice] = await tenant.db.select().from(I).where(and(eq(I.companyId, tenant.companyId), eq(I.id, invoiceId)));
    if (invoice) await deliverInvoice(s, tenant, invoice, { manual: false });
  } catch (e) {
    console.error('[finance-nfse] automatic delivery failed', (e as Error).message);
  }
}
