import { and, desc, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import type { NfseInvoice } from '@sede/shared/finance/nfse';
import type { Tenant } from '../../services.ts';

const I = schema.nfseInvoices;
export const NFSE_INVOICE = 'nfse_invoice';

export const toInvoice = (r: typeof I.$inferSelect): NfseInvoice => ({
  id: r.id,
  entryId: r.entryId,
  status: r.status as NfseInvoice['status'],
  environment: r.environment as NfseInvoice['environment'],
  serie: r.serie,
  number: r.number,
  accessKey: r.accessKey,
  serviceCode: r.serviceCode,
  amountCents: r.amountCents,
  xmlFileId: r.xmlFileId,
  pdfFileId: r.pdfFileId,
  cancelReason: r.cancelReason,
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  issuedAt: r.issuedAt.toISOString(),
});

/** The receivable's latest note (the authorised one, else the last cancelled), or null. */
export async function latestInvoiceRow(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string) {
  const [row] = await db
    .select()
    .from(I)
    .where(and(eq(I.companyId, tenant.companyId), eq(I.entryId, entryId)))
    .orderBy(desc(eq(I.status, 'authorized')), desc(I.issuedAt))
    .limit(1);
  return row ?? null;
}

export async function invoiceExists(tenant: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<boolean> {
  const [row] = await tenant.db.select({ id: I.id }).from(I).where(and(eq(I.companyId, tenant.companyId), eq(I.id, id)));
  return !!row;
}
