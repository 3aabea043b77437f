import { Hono, type Context } from 'hono';
import {
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
  QUOTE_MESSAGES,
  quoteAnswerSchema,
  quoteCreateSchema,
  quoteListQuerySchema,
  quoteSendSchema,
  quoteUpdateSchema,
  type PublicQuote,
} from '@sede/shared/crm/quotes';
import { areaRouter } from '../../http/area-router.ts';
import { AppError, notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { checkQuoteLink } from './links.ts';
import { pdfOf, sendQuote } from './send.ts';
import {
  answerQuote,
  companyOf,
  createProduct,
  createQuote,
  deleteProduct,
  deleteQuote,
  getProduct,
  getQuote,
  listProducts,
  listQuotes,
  searchDeals,
  updateProduct,
  updateQuote,
} from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path id: anything but a UUID cannot name a row, so it is a 404 like a foreign id. */
const id = (c: Context, name = 'id') => {
  const value = c.req.param(name) ?? '';
  if (!UUID.test(value)) throw notFound();
  return value;
};

const pdfResponse = (c: Context, pdf: Buffer, filename: string) =>
  c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store',
  });

/**
 * /api/crm-quotes: the catalogue (read by every member for quotes; managed by `comercial`) and the
 * quotes on deals (the deal panel of /kanban-leads: `crm.*`, decision 0160), plus the client's
 * public link (`/public/:token`, no session, signed and expiring, decision 0161).
 */
export function crmQuotesRoutes(s: Services) {
  const r = areaRouter(s, 'crm.read');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');

  r.get('/products', async (c) => c.json(await listProducts(tenant(c), parseWith(productListQuerySchema, c.req.query()))));
  r.post('/products', requirePermission('comercial.write'), async (c) => c.json(await createProduct(tenant(c), parseWith(productCreateSchema, await readJson(c))), 201));
  r.get('/products/:id', async (c) => c.json(await getProduct(tenant(c), id(c))));
  r.patch('/products/:id', requirePermission('comercial.write'), async (c) => {
    const productId = id(c);
    return c.json(await updateProduct(tenant(c), productId, parseWith(productUpdateSchema, await readJson(c))));
  });
  r.delete('/products/:id', requirePermission('comercial.delete'), async (c) => {
    await deleteProduct(tenant(c), id(c));
    return c.json({ success: true });
  });

  r.get('/deals', async (c) => c.json(await searchDeals(tenant(c), parseWith(productListQuerySchema.pick({ q: true }), c.req.query()).q)));
  r.get('/quotes', async (c) => c.json(await listQuotes(tenant(c), parseWith(quoteListQuerySchema, c.req.query()))));
  r.post('/deals/:dealId/quotes', requirePermission('crm.write'), async (c) => {
    const dealId = id(c, 'dealId');
    return c.json(await createQuote(tenant(c), dealId, parseWith(quoteCreateSchema, await readJson(c))), 201);
  });
  r.get('/quotes/:id', async (c) => c.json(await getQuote(tenant(c), id(c))));
  r.put('/quotes/:id', requirePermission('crm.write'), async (c) => {
    const quoteId = id(c);
    return c.json(await updateQuote(tenant(c), quoteId, parseWith(quoteUpdateSchema, await readJson(c))));
  });
  r.delete('/quotes/:id', requirePermission('crm.delete'), async (c) => {
    await deleteQuote(tenant(c), id(c));
    return c.json({ success: true });
  });
  r.get('/quotes/:id/pdf', async (c) => {
    const { pdf, filename } = await pdfOf(tenant(c), await getQuote(tenant(c), id(c)));
    return pdfResponse(c, pdf, filename);
  });
  r.post('/quotes/:id/send', requirePermission('crm.write'), async (c) => {
    const quoteId = id(c);
    return c.json(await sendQuote(s, tenant(c), quoteId, parseWith(quoteSendSchema, await readJson(c))));
  });
  r.post('/quotes/:id/answer', requirePermission('crm.write'), async (c) => {
    const quoteId = id(c);
    const { answer, reason } = parseWith(quoteAnswerSchema, await readJson(c));
    await getQuote(tenant(c), quoteId);
    await answerQuote(tenant(c), quoteId, answer, 'team', reason);
    return c.json(await getQuote(tenant(c), quoteId));
  });

  // The client's link: the token names the quote and its company is the quote's own.
  const pub = new Hono();
  const fromToken = async (token: string) => {
    const check = checkQuoteLink(s, token);
    if (!check.ok && check.reason === 'expired') throw new AppError(410, 'LINK_EXPIRED', QUOTE_MESSAGES.linkExpired);
    if (!check.ok) throw notFound(QUOTE_MESSAGES.linkInvalid);
    const [row] = (await s.pool.query<{ company_id: string }>('SELECT company_id FROM crm_quotes WHERE id = $1', [check.fileId])).rows;
    if (!row) throw notFound(QUOTE_MESSAGES.linkInvalid);
    const t = { db: s.db, companyId: row.company_id };
    return { t, quote: await getQuote(t, check.fileId) };
  };
  pub.get('/:token', async (c) => {
    const { t, quote } = await fromToken(c.req.param('token'));
    const company = await companyOf(t.db, t.companyId);
    c.header('cache-control', 'private, no-store');
    return c.json({
      companyName: company.fantasia || company.name,
      number: quote.number,
      status: quote.status,
      validUntil: quote.validUntil,
      conditions: quote.conditions,
      subtotalCents: quote.subtotalCents,
      discountCents: quote.discountCents,
      totalCents: quote.totalCents,
      items: quote.items.map(({ position, description, unit, quantityMilli, unitPriceCents, discountCents, totalCents }) => ({ position, description, unit, quantityMilli, unitPriceCents, discountCents, totalCents })),
    } satisfies PublicQuote);
  });
  pub.get('/:token/pdf', async (c) => {
    const { t, quote } = await fromToken(c.req.param('token'));
    const { pdf, filename } = await pdfOf(t, quote);
    return pdfResponse(c, pdf, filename);
  });
  pub.post('/:token/answer', async (c) => {
    const { t, quote } = await fromToken(c.req.param('token'));
    const { answer, reason } = parseWith(quoteAnswerSchema, await readJson(c));
    await answerQuote({ ...t, actorId: null }, quote.id, answer, 'client', reason);
    // The deal's owner and whoever made the quote learn it at once (the bell; e-mail by preference).
    const { rows } = await s.pool.query<{ owner_id: string | null; created_by: string | null }>(
      'SELECT d.owner_id, q.created_by FROM crm_quotes q JOIN deals d ON d.id = q.deal_id WHERE q.id = $1',
      [quote.id],
    );
    const userIds = [rows[0]?.owner_id, rows[0]?.created_by].filter((v): v is string => Boolean(v));
    await notify(s, {
      companyId: t.companyId,
      userIds,
      kind: 'alert',
      title: `Orçamento nº ${quote.number} ${answer === 'aceito' ? 'aceito' : 'recusado'} pelo cliente`,
      body: answer === 'aceito' ? `${quote.dealTitle}: o negócio foi marcado como ganho.` : `${quote.dealTitle}${reason ? ` — motivo: ${reason}` : ''}`,
      link: '/comercial?aba=orcamentos',
      entity: { type: 'quote', id: quote.id },
    }).catch((e: Error) => console.error('[crm-quotes] notify failed', e.message));
    return c.json({ status: answer });
  });

  const app = new Hono();
  app.route('/public', pub);
  app.route('/', r);
  return app;
}
