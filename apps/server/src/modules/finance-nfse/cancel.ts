import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { NFSE_MESSAGES as M, type NfseInvoice } from '@sede/shared/finance/nfse';
import { conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { signXml } from '../../platform/certificates/xml-signature.ts';
import { announce } from '../../platform/live/announce.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { storeExternalFile } from '../files/public.ts';
import { APP_VERSION, brasiliaDateTime, DPS_VERSION, NFSE_NS, tpAmb, xmlText } from './dps.ts';
import { latestInvoiceRow, NFSE_INVOICE, toInvoice } from './invoices.ts';
import { rejected, readyToSend, unavailable } from './issue.ts';
import { callSefin, gunzipB64, gzipB64 } from './sefin.ts';

const I = schema.nfseInvoices;
/** The national layout's event of cancellation by the issuer. */
export const CANCEL_EVENT = '101101';

/** The pedido de registro de evento e101101 (cancelamento), unsigned. */
export function cancelEventXml(i: { environment: NfseInvoice['environment']; accessKey: string; authorCnpj: string; at: Date; reason: string }): string {
  const id = `PRE${i.accessKey}${CANCEL_EVENT}001`;
  return (
    `<pedRegEvento xmlns="${NFSE_NS}" versao="${DPS_VERSION}"><infPedReg Id="${id}">` +
    `<tpAmb>${tpAmb(i.environment)}</tpAmb><verAplic>${APP_VERSION}</verAplic><dhEvento>${brasiliaDateTime(i.at)}</dhEvento>` +
    `<CNPJAutor>${i.authorCnpj}</CNPJAutor><chNFSe>${i.accessKey}</chNFSe><nPedRegEvento>1</nPedRegEvento>` +
    `<e${CANCEL_EVENT}><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo><xMotivo>${xmlText(i.reason)}</xMotivo></e${CANCEL_EVENT}>` +
    '</infPedReg></pedRegEvento>'
  );
}

/**
 * Cancels the receivable's authorised note by the event e101101: signed, sent over mTLS; only
 * the authority's acceptance marks it cancelled (the event's XML kept with the note's files).
 */
export async function cancelInvoice(s: Services, tenant: Tenant, entryId: string, reason: string): Promise<NfseInvoice> {
  const current = await latestInvoiceRow(tenant.db, tenant, entryId);
  if (!current) throw notFound(M.invoiceNotFound);
  if (current.status !== 'authorized') throw conflict(M.alreadyCancelled, 'NFSE_ALREADY_CANCELLED');
  const { cert } = await readyToSend(s, tenant);
  const at = new Date(s.clock.now());
  const event = signXml(cancelEventXml({ environment: current.environment as NfseInvoice['environment'], accessKey: current.accessKey, authorCnpj: cert.cnpj ?? '', at, reason }), cert, { signed: 'infPedReg', into: 'pedRegEvento' });
  return tenantTransaction(tenant, async ({ db }) => {
    // Locked so two cancellations of the same note send one event.
    const [locked] = await db.select().from(I).where(and(eq(I.id, current.id), eq(I.companyId, tenant.companyId))).for('update');
    if (locked?.status !== 'authorized') throw conflict(M.alreadyCancelled, 'NFSE_ALREADY_CANCELLED');
    const answer = await callSefin<{ eventoXmlGZipB64?: unknown }>(s, cert, current.environment as NfseInvoice['environment'], `/nfse/${current.accessKey}/eventos`, { pedidoRegistroEventoXmlGZipB64: gzipB64(event) });
    if (!answer.ok) throw 'rejections' in answer ? rejected(M.cancelRejected, answer.rejections) : unavailable();
    if (typeof answer.value.eventoXmlGZipB64 === 'string') {
      const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${gunzipB64(answer.value.eventoXmlGZipB64).replace(/^<\?xml[^>]*\?>/, '')}`, 'utf8');
      await storeExternalFile(s, { db: db as Tenant['db'], companyId: tenant.companyId }, { entityType: NFSE_INVOICE, entityId: current.id, kind: 'document', name: `cancelamento-${current.accessKey}.xml`, body: new Blob([xml]).stream(), declaredLength: xml.length });
    }
    const [row] = await db.update(I).set({ status: 'cancelled', cancelReason: reason, cancelledAt: at }).where(eq(I.id, current.id)).returning();
    await logAudit(db, tenant, { action: 'nfse_cancelled', entity: NFSE_INVOICE, id: current.id, details: { number: current.number, serie: current.serie } });
    await announce(db, { companyId: tenant.companyId, entity: 'fin_entry', id: entryId, action: 'updated' });
    return toInvoice(row!);
  });
}
