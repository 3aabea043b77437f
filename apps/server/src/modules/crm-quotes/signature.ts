import type { Context } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { QUOTE_SIGNATURE_MESSAGES as M, quoteEnvelopeSchema, quoteEnvelopesSchema, quoteSignatureSchema } from '@sede/shared/crm/quote-signature';
import { envelopeCreateSchema, ESIGN_LIMITS, FINISHED_STATUSES } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { contract, idParams } from '../../http/contract.ts';
import { conflict, parseWith } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { announce } from '../../platform/live/announce.ts';
import { type areaRouter, tenant } from '../../http/area-router.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import { type CompletedEnvelope, createEnvelopeFromPdf, envelopesOfSource, onEnvelopeCompleted, sendEnvelope, witnessOf } from '../esign/public.ts';
import { storeExternalFile } from '../files/public.ts';
import { pdfOf } from './send.ts';
import { effectiveStatus, getQuote, markSent } from './service.ts';

const { crmQuotes: Q, deals: D } = schema;
export const QUOTE_SOURCE = 'crm_quote';
const id = idParams();

const viewOf = (e: Awaited<ReturnType<typeof envelopesOfSource>>[number]) => ({ ...e, winDeal: e.options.winDeal === true });

/**
 * 'Enviar para assinatura' of a quote (decision 0591): its PDF becomes an envelope of electronic
 * signature, sent at once to the signers. The sales team's permission (sales.write) decides, not Jurídico's.
 */
async function sendForSignature(s: Services, c: Context<CompanyEnv>, t: Tenant, quoteId: string, body: ReturnType<typeof quoteSignatureSchema.parse>) {
  const quote = await getQuote(t, quoteId);
  const status = effectiveStatus(quote.status, quote.validUntil);
  if (status === 'aceito' || status === 'recusado') throw conflict(M.answered, 'QUOTE_ALREADY_ANSWERED');
  const open = (await envelopesOfSource(s, t, QUOTE_SOURCE, quoteId)).filter((e) => !FINISHED_STATUSES.includes(e.status));
  if (open.length) throw conflict(M.pending, 'SIGNATURE_PENDING');
  const today = todayInBrazil(new Date(s.clock.now()));
  const input = parseWith(envelopeCreateSchema, {
    title: `Orçamento nº ${quote.number} — ${quote.dealTitle}`.slice(0, 160),
    message: body.message,
    signingOrder: body.signingOrder,
    // The quote's validity, within what an envelope allows (tomorrow to a year from now).
    expiresOn: body.expiresOn ?? (quote.validUntil > today ? [quote.validUntil, addDays(today, ESIGN_LIMITS.maxDays)].sort()[0] : addDays(today, 7)),
    signers: body.signers,
  });
  const { pdf, filename } = await pdfOf(t, quote);
  const draft = await createEnvelopeFromPdf(s, t, input, { name: filename, bytes: pdf }, { entity: QUOTE_SOURCE, id: quoteId, options: { winDeal: body.winDeal } });
  const sent = await sendEnvelope(s, t, draft.id, witnessOf(c));
  const to = body.signers[0]?.email;
  if (to) await markSent(t.db, t, quoteId, to, null);
  return viewOf({ id: sent.id, status: sent.status, signersDone: sent.signersDone, signersTotal: sent.signersTotal, sentAt: sent.sentAt, completedAt: sent.completedAt, options: { winDeal: body.winDeal } });
}

/**
 * Everyone signed: the sealed PDF is kept with the quote, the quote becomes 'aceito' (by the
 * client) and, when asked, its open deal is won with the quote's total. A quote answered
 * meanwhile keeps its answer; the PDF is kept all the same.
 */
async function quoteSigned(s: Services, t: Pick<Tenant, 'db' | 'companyId'>, done: CompletedEnvelope) {
  const [quote] = await t.db.select().from(Q).where(and(eq(Q.companyId, t.companyId), eq(Q.id, done.sourceId)));
  if (!quote) return;
  await storeExternalFile(s, t, { entityType: 'quote', entityId: quote.id, kind: 'document', name: done.signedPdf.name, body: new Blob([new Uint8Array(done.signedPdf.bytes)]).stream() });
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM crm_quotes WHERE id = ${quote.id} AND company_id = ${t.companyId} FOR UPDATE`);
    const accepted = await tx
      .update(Q)
      .set({ status: 'aceito', acceptedAt: done.completedAt, answeredBy: 'client', updatedAt: done.completedAt })
      .where(and(eq(Q.id, quote.id), sql`${Q.status} NOT IN ('aceito', 'recusado')`))
      .returning({ id: Q.id });
    if (accepted.length && done.options.winDeal === true)
      await tx
        .update(D)
        .set({ status: 'won', closedAt: done.completedAt, valueCents: quote.totalCents, wonReason: null, wonNote: `Orçamento nº ${quote.number} assinado eletronicamente`, updatedAt: done.completedAt })
        .where(and(eq(D.companyId, t.companyId), eq(D.id, quote.dealId), eq(D.status, 'open')));
    await announce(tx, { companyId: t.companyId, entity: 'deal', id: quote.dealId, action: 'updated' });
  });
}

export function startQuoteSignature(s: Services) {
  onEnvelopeCompleted(s, QUOTE_SOURCE, quoteSigned);
}

export function quoteSignatureRoutes(s: Services, r: ReturnType<typeof areaRouter>) {
  r.get('/quotes/:id/signatures', contract({ summary: 'Assinaturas eletrônicas do orçamento', params: id, response: quoteEnvelopesSchema }), async (c) => {
    const quoteId = c.req.valid('param').id;
    await getQuote(tenant(c), quoteId);
    return c.json({ envelopes: (await envelopesOfSource(s, tenant(c), QUOTE_SOURCE, quoteId)).map(viewOf) });
  });
  r.post(
    '/quotes/:id/signatures',
    // A commitment signed by the client: the sales team's (comercial) permission, not every member's crm.write.
    requirePermission('sales.write'),
    contract({ summary: 'Enviar orçamento para assinatura eletrônica', params: id, body: quoteSignatureSchema, response: quoteEnvelopeSchema, status: 201 }),
    async (c) => c.json(await sendForSignature(s, c, tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
}
