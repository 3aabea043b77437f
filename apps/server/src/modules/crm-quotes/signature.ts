import type { Context } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { QUOTE_SIGNATURE_MESSAGES as M, quoteEnvelopeDraftSchema, quoteEnvelopeParams, quoteEnvelopeSchema, quoteEnvelopesSchema, quoteSignatureSchema } from '@sede/shared/crm/quote-signature';
import { fieldsSaveSchema, fieldsViewSchema } from '@sede/shared/esign/fields';
import { envelopeCreateSchema, ESIGN_LIMITS, FINISHED_STATUSES } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { contract, idParams } from '../../http/contract.ts';
import { conflict, parseWith } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { announce } from '../../platform/live/announce.ts';
import { type areaRouter, tenant } from '../../http/area-router.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import { cancelEnvelope, type CompletedEnvelope, createEnvelopeFromPdf, envelopesOfSource, onEnvelopeCompleted, saveFields, sendEnvelope, sourceEnvelope, sourceEnvelopeDocument, witnessOf } from '../esign/public.ts';
import { storeExternalFile } from '../files/public.ts';
import { pdfOf } from './send.ts';
import { effectiveStatus, getQuote, markSent } from './service.ts';

const { crmQuotes: Q, deals: D } = schema;
export const QUOTE_SOURCE = 'crm_quote';
const id = idParams();

type Viewed = Pick<Awaited<ReturnType<typeof envelopesOfSource>>[number], 'id' | 'status' | 'signersDone' | 'signersTotal' | 'sentAt' | 'completedAt' | 'options'>;
const viewOf = (e: Viewed) => ({ id: e.id, status: e.status, signersDone: e.signersDone, signersTotal: e.signersTotal, sentAt: e.sentAt, completedAt: e.completedAt, winDeal: e.options.winDeal === true });

/**
 * 'Enviar para assinatura' of a quote (decision 0591): its PDF becomes an envelope of electronic
 * signature, sent at once to the signers — or kept as a draft (`draft`, decision 0760) for the
 * salesperson to place the fields, then sent by `sendQuoteEnvelope`. A draft never sent gives way
 * to the next request; an envelope sent waits for its signers or for Jurídico to cancel it. The
 * sales team's permission (sales.write) decides, not Jurídico's.
 */
async function startSignature(s: Services, c: Context<CompanyEnv>, t: Tenant, quoteId: string, body: ReturnType<typeof quoteSignatureSchema.parse>) {
  const quote = await stillOpen(t, quoteId);
  const open = (await envelopesOfSource(s, t, QUOTE_SOURCE, quoteId)).filter((e) => !FINISHED_STATUSES.includes(e.status));
  if (open.some((e) => e.status !== 'rascunho')) throw conflict(M.pending, 'SIGNATURE_PENDING');
  const today = todayInBrazil(new Date(s.clock.now()));
  const input = parseWith(envelopeCreateSchema, {
    title: `Orçamento nº ${quote.number} — ${quote.dealTitle}`.slice(0, 160),
    message: body.message,
    signingOrder: body.signingOrder,
    // The quote's validity, within what an envelope allows (tomorrow to a year from now).
    expiresOn: body.expiresOn ?? (quote.validUntil > today ? [quote.validUntil, addDays(today, ESIGN_LIMITS.maxDays)].sort()[0] : addDays(today, 7)),
    signers: body.signers,
  });
  for (const draft of open) await cancelEnvelope(s, t, draft.id, witnessOf(c));
  const { pdf, filename } = await pdfOf(t, quote);
  const draft = await createEnvelopeFromPdf(s, t, input, { name: filename, bytes: pdf }, { entity: QUOTE_SOURCE, id: quoteId, options: { winDeal: body.winDeal } });
  if (body.draft) return viewOf({ ...draft, options: { winDeal: body.winDeal } });
  return sendQuoteEnvelope(s, c, t, quoteId, draft.id);
}

/** The quote, unless the client already answered it (409: nothing left to sign). */
async function stillOpen(t: Tenant, quoteId: string) {
  const quote = await getQuote(t, quoteId);
  const status = effectiveStatus(quote.status, quote.validUntil);
  if (status === 'aceito' || status === 'recusado') throw conflict(M.answered, 'QUOTE_ALREADY_ANSWERED');
  return quote;
}

/** The quote's envelope (404 when the quote or the envelope is another company's, or the envelope not this quote's). */
async function quoteEnvelope(s: Services, t: Tenant, quoteId: string, envelopeId: string) {
  await getQuote(t, quoteId);
  return sourceEnvelope(s, t, QUOTE_SOURCE, quoteId, envelopeId);
}

/** What the salesperson's field editor reads of the quote's envelope. */
const draftViewOf = (e: Awaited<ReturnType<typeof sourceEnvelope>>) => ({ ...viewOf(e), title: e.title, signingOrder: e.signingOrder, documentPages: e.documentPages, signers: e.signers, fields: e.fields });

/** A draft of the quote sent to its signers (decision 0760): once only (409), and only while the client has not answered the quote. */
async function sendQuoteEnvelope(s: Services, c: Context<CompanyEnv>, t: Tenant, quoteId: string, envelopeId: string) {
  const e = await quoteEnvelope(s, t, quoteId, envelopeId);
  if (e.status !== 'rascunho') throw conflict(M.alreadySent, 'ALREADY_SENT');
  await stillOpen(t, quoteId);
  const sent = await sendEnvelope(s, t, envelopeId, witnessOf(c));
  const to = sent.signers[0]?.email;
  if (to) await markSent(t.db, t, quoteId, to, null);
  return viewOf({ ...sent, options: e.options });
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
  // A commitment signed by the client: the sales team's (comercial) permission, not every member's crm.write.
  const write = requirePermission('sales.write');
  r.get('/quotes/:id/signatures', contract({ summary: 'Assinaturas eletrônicas do orçamento', params: id, response: quoteEnvelopesSchema }), async (c) => {
    const quoteId = c.req.valid('param').id;
    await getQuote(tenant(c), quoteId);
    return c.json({ envelopes: (await envelopesOfSource(s, tenant(c), QUOTE_SOURCE, quoteId)).map(viewOf) });
  });
  r.post('/quotes/:id/signatures', write, contract({ summary: 'Enviar orçamento para assinatura eletrônica (ou criar o rascunho)', params: id, body: quoteSignatureSchema, response: quoteEnvelopeSchema, status: 201 }), async (c) =>
    c.json(await startSignature(s, c, tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  // The draft's fields, placed by the salesperson (decision 0760) with esign's own rules.
  r.get('/quotes/:id/signatures/:envelopeId', contract({ summary: 'Ver envelope do orçamento', params: quoteEnvelopeParams, response: quoteEnvelopeDraftSchema }), async (c) => {
    const { id: quoteId, envelopeId } = c.req.valid('param');
    return c.json(draftViewOf(await quoteEnvelope(s, tenant(c), quoteId, envelopeId)));
  });
  r.get('/quotes/:id/signatures/:envelopeId/document', contract({ summary: 'Baixar o PDF do envelope do orçamento', params: quoteEnvelopeParams, response: { media: 'application/pdf' } }), async (c) => {
    const { id: quoteId, envelopeId } = c.req.valid('param');
    await getQuote(tenant(c), quoteId);
    const file = await sourceEnvelopeDocument(s, tenant(c), QUOTE_SOURCE, quoteId, envelopeId);
    return c.body(new Uint8Array(file.bytes), 200, { 'content-type': 'application/pdf', 'content-disposition': 'inline', 'cache-control': 'private, no-store' });
  });
  r.put('/quotes/:id/signatures/:envelopeId/fields', write, contract({ summary: 'Posicionar os campos do envelope do orçamento', params: quoteEnvelopeParams, body: fieldsSaveSchema, response: fieldsViewSchema }), async (c) => {
    const { id: quoteId, envelopeId } = c.req.valid('param');
    // Sent: esign's own 409 (the fields are locked).
    await quoteEnvelope(s, tenant(c), quoteId, envelopeId);
    return c.json({ fields: await saveFields(s, tenant(c), envelopeId, c.req.valid('json')) });
  });
  r.post('/quotes/:id/signatures/:envelopeId/send', write, contract({ summary: 'Enviar o envelope do orçamento para assinatura', params: quoteEnvelopeParams, response: quoteEnvelopeSchema }), async (c) => {
    const { id: quoteId, envelopeId } = c.req.valid('param');
    return c.json(await sendQuoteEnvelope(s, c, tenant(c), quoteId, envelopeId));
  });
}
