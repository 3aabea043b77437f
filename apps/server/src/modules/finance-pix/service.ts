import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { day, money } from '@sede/shared/format';
import { type EntryCharge, PIX_MESSAGES as M, type PaymentLinkCreated, type PublicPayment } from '@sede/shared/finance/pix';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { layout } from '../../platform/mail-templates.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { isSuppressed } from '../parties/public.ts';
import { CHARGE_ENTITY, chargeableCents, ensureStaticCharge, entryOf, isCurrent, latestCharge, openCharge, toCharge } from './charges.ts';
import { settleCharge } from './settle.ts';
import { activeLink, linkIdOf, linkOfToken, liveLink, newLink, paymentUrl, revokeLinks } from './links.ts';
import { forgetPaymentPages, paymentPages } from './page-cache.ts';
import { announce } from '../../platform/live/announce.ts';
import { openBoleto, staticOrBoleto } from './boleto-extras.ts';
import { paymentPageData } from './payment-page-data.ts';

const { companies: CO, organizations: O, people: P } = schema;

const changed = (db: DbOrTx, tenant: Tenant, entryId: string) => announce(db, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });

/** The receivable's customer e-mail on file (the organization's, else the person's first). */
export async function customerEmail(db: DbOrTx, tenant: Tenant, entry: { organizationId: string | null; personId: string | null }): Promise<string | null> {
  if (entry.organizationId) {
    const [o] = await db.select({ email: O.email }).from(O).where(and(eq(O.companyId, tenant.companyId), eq(O.id, entry.organizationId)));
    if (o?.email) return o.email.toLowerCase();
  }
  if (entry.personId) {
    const [p] = await db.select({ emails: P.emails }).from(P).where(and(eq(P.companyId, tenant.companyId), eq(P.id, entry.personId)));
    if (p?.emails[0]) return p.emails[0].toLowerCase();
  }
  return null;
}

/** The 'Cobrar' panel of a receivable: its latest charge, the active payment link and the customer's e-mail. */
export async function entryCharge(s: Services, tenant: Tenant, entryId: string): Promise<EntryCharge> {
  const entry = await entryOf(tenant.db, tenant, entryId);
  if (entry.kind !== 'receivable') throw conflict(M.notReceivable, 'NOT_RECEIVABLE');
  const [charge, link, email] = await Promise.all([latestCharge(tenant.db, tenant, entryId), activeLink(tenant.db, tenant, entryId), customerEmail(tenant.db, tenant, entry)]);
  return {
    charge: charge ? toCharge(charge) : null,
    link: link ? { url: paymentUrl(s, link.id), createdAt: link.createdAt.toISOString() } : null,
    customerEmail: email,
  };
}

/** 'Cobrar por Pix': the open static Pix charge of what is left to pay (the same one while nothing changed). */
export async function chargeByPix(s: Services, tenant: Tenant, entryId: string): Promise<EntryCharge> {
  await tenant.db.transaction((tx) => ensureStaticCharge(tx, tenant, entryId, s));
  return entryCharge(s, tenant, entryId);
}

/** A new payment link of the receivable (the old one stops working); the charge is made if there is none. */
export async function createPaymentLink(s: Services, tenant: Tenant, entryId: string): Promise<PaymentLinkCreated> {
  const created = await tenant.db.transaction(async (tx) => {
    await staticOrBoleto(tx, tenant, entryId, s);
    const link = await newLink(tx, tenant, entryId);
    await logAudit(tx, tenant, { action: 'payment_link_created', entity: 'fin_entry', id: entryId, details: { linkId: link.id } });
    await changed(tx, tenant, entryId);
    return { url: paymentUrl(s, link.id), createdAt: link.createdAt.toISOString() };
  });
  // The old link's page stops at once here (the other instances hear the announcement).
  forgetPaymentPages(s, tenant.companyId);
  return created;
}

export async function revokePaymentLink(s: Services, tenant: Tenant, entryId: string): Promise<void> {
  await tenant.db.transaction(async (tx) => {
    await entryOf(tx, tenant, entryId);
    if (!(await revokeLinks(tx, tenant, entryId))) throw notFound(M.noLink);
    await logAudit(tx, tenant, { action: 'payment_link_revoked', entity: 'fin_entry', id: entryId });
    await changed(tx, tenant, entryId);
  });
  forgetPaymentPages(s, tenant.companyId);
}

export const companyName = async (db: DbOrTx, companyId: string) => {
  const [c] = await db.select({ name: CO.name, fantasia: CO.fantasia }).from(CO).where(eq(CO.id, companyId));
  return c?.fantasia?.trim() || c?.name || '';
};

/** The receivable's open Pix charge (or its boleto's), its open boleto and its live payment link (the active one, or a new one): what a charge message carries. */
export async function chargeLink(s: Services, tenant: Tenant, entryId: string) {
  return tenant.db.transaction(async (tx) => {
    const charge = await staticOrBoleto(tx, tenant, entryId, s);
    const link = (await activeLink(tx, tenant, entryId)) ?? (await newLink(tx, tenant, entryId));
    return { url: paymentUrl(s, link.id), brCode: charge.brCode ?? '', amountCents: charge.amountCents, boleto: await openBoleto(tx, tenant, entryId) };
  });
}

/**
 * 'Enviar cobrança por e-mail' (decision 0532): the platform's mail to the customer with the
 * payment page's link (the active one, or a new one) and the Pix copia e cola; never to a
 * suppressed address. Audited without the address.
 */
export async function sendCharge(s: Services, tenant: Tenant, entryId: string, input: { to: string | null }) {
  const entry = await entryOf(tenant.db, tenant, entryId);
  chargeableCents(entry);
  const to = input.to ?? (await customerEmail(tenant.db, tenant, entry));
  if (!to) throw badRequest(M.noRecipient, 'NO_RECIPIENT');
  if (await isSuppressed(s, tenant, { email: to })) throw conflict(M.suppressed, 'CONTACT_SUPPRESSED');
  const { url, brCode, amountCents, boleto } = await chargeLink(s, tenant, entryId);
  const name = await companyName(tenant.db, tenant.companyId);
  const subject = `Cobrança de ${name} — ${money(amountCents)}`;
  const paragraphs = [
    'Olá!',
    `${name} enviou uma cobrança de ${money(amountCents)} referente a "${entry.description}", com vencimento em ${day(entry.dueDate)}.`,
    'Pague por Pix pelo botão abaixo (QR code e copia e cola, sem criar conta) ou copie o código Pix:',
    brCode,
    ...(boleto?.line ? [`Ou pague o boleto — linha digitável: ${boleto.line}`, ...(boleto.url ? [`Boleto em PDF: ${boleto.url}`] : [])] : []),
  ];
  try {
    await s.mailer.send({ to, subject, text: `${paragraphs.join('\n\n')}\n\nPagar: ${url}`, html: layout(subject, paragraphs, { label: 'Ver cobrança e pagar', url }) });
  } catch (e) {
    console.error('[finance-pix] send failed', (e as Error).message);
    throw new AppError(409, 'MAIL_FAILED', M.mailFailed);
  }
  await tenant.db.transaction(async (tx) => {
    await logAudit(tx, tenant, { action: 'charge_sent', entity: 'fin_entry', id: entryId, details: { channel: 'email' } });
    await changed(tx, tenant, entryId);
  });
  return { to, url };
}

/**
 * The public payment page's data (decision 0532): the company's name, what is charged, the amount
 * and due date, the QR and copia e cola. Nothing else of the company. A paid or cancelled
 * receivable shows its state without a code.
 */
export async function publicPayment(s: Services, token: string): Promise<PublicPayment> {
  const linkId = linkIdOf(s, token);
  if (!linkId) throw notFound(M.linkInvalid);
  // Served from memory while nothing of the company's finance changed (decision 0765).
  return paymentPages(s).get(linkId, async () => {
    const link = await liveLink(s, linkId);
    return { answer: await loadPublicPayment(s, link), companyId: link.companyId };
  });
}

async function loadPublicPayment(s: Services, link: { companyId: string; entryId: string }): Promise<PublicPayment> {
  const tenant = systemTenant(s, link.companyId, 'public-link');
  const { entry, companyName: name, charge: open, defaultKey, boleto, automatic } = await paymentPageData(tenant.db, tenant, link.entryId);
  const live = entry.status === 'open';
  const base = { companyName: name, description: entry.description, dueDate: entry.dueDate, boletoUrl: (live && boleto?.url) || null, boletoLine: (live && boleto?.line) || null, automatic: live ? automatic : null };
  if (!live) return { ...base, amountCents: entry.amountCents, status: entry.status, brCode: null, qrSvg: null };
  if (!defaultKey && !open && boleto) return { ...base, amountCents: boleto.amountCents, status: 'open', brCode: boleto.brCode, qrSvg: boleto.qrSvg };
  // The page is read far more than charges change: the current charge is served without a lock;
  // only a stale one (the amount or the default key changed) is remade, in a transaction.
  // Without a default key now (deleted meanwhile), the open charge still pays into its account.
  const current = open && isCurrent(open, entry, defaultKey ?? open.pixKey);
  const charge = current ? open : await tenant.db.transaction((tx) => ensureStaticCharge(tx, tenant, entry.id, s));
  return { ...base, amountCents: charge.amountCents, status: 'open', brCode: charge.brCode, qrSvg: charge.status === 'open' ? charge.qrSvg : null };
}

/** The local simulator's payment of a link's open charge, through the one settlement (false: nothing open). */
export async function simulatePayment(s: Services, token: string, payerName: string | undefined): Promise<boolean> {
  const link = await linkOfToken(s, token);
  const charge = await openCharge(systemTenant(s, link.companyId, 'public-link').db, link, link.entryId);
  if (!charge) return false;
  const e2e = `E${randomBytes(15).toString('hex')}`.slice(0, 32);
  await settleCharge(s, { companyId: link.companyId, provider: 'simulator', externalEventId: e2e, chargeId: charge.id, amountCents: charge.amountCents, paidAt: new Date(), payerName: payerName ?? 'Pagador de teste', endToEndId: e2e });
  return true;
}
