import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '@sede/db/client';
import { okSchema } from '@sede/shared/platform/api';
import { productCreateSchema, productListQuerySchema, productListSchema, productSchema, productUpdateSchema, publicQuoteAnswerSchema, publicQuoteSchema, QUOTE_MESSAGES, quoteAnswerSchema, quoteCreateSchema, quoteDealsSchema, quoteListQuerySchema, quoteListSchema, quoteSchema, quoteSendSchema, quoteUpdateSchema, type PublicQuote, type Quote } from '@sede/shared/crm/quotes';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { recordRoutes } from '../../http/record-routes.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant} from '../../services.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { checkQuoteLink } from './links.ts';
import { pdfOf, sendQuote } from './send.ts';
import { quoteSignatureRoutes } from './signature.ts';
import { answerQuote, companyOf, createProduct, createQuote, deleteProduct, deleteQuote, getProduct, getQuote, listProducts, listQuotes, searchDeals, updateProduct, updateQuote } from './service.ts';

/** A path id: anything but a UUID cannot name a row, so it is a 404 like a foreign id. */
const id = idParams();
const tokenParams = z.object({ token: z.string() });

const pdfResponse = (c: Context, pdf: Buffer, filename: string) =>
  c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store',
  });

type LinkEnv = { Variables: { link: { t: Tenant; quote: Quote } } };

/**
 * /api/crm-quotes: the catalogue (read by every member for quotes; managed by `comercial`) and the
 * quotes on deals (the deal panel of /kanban-leads: `crm.*`, decision 0160), plus the client's
 * public link (`/public/:token`, no session, signed and expiring, decision 0161).
 */
export function crmQuotesRoutes(s: Services) {
  const r = areaRouter(s, 'crm.read');

  r.get('/products', contract({ summary: 'Listar produtos e serviços', query: productListQuerySchema, response: productListSchema }), async (c) =>
    c.json(await listProducts(tenant(c), c.req.valid('query'))),
  );
  recordRoutes(r, '/products', id, productSchema, {
    create: { summary: 'Cadastrar produto ou serviço', guard: requirePermission('sales.write'), body: productCreateSchema, run: createProduct },
    read: { summary: 'Ver produto ou serviço', run: getProduct },
    update: { summary: 'Alterar produto ou serviço', guard: requirePermission('sales.write'), body: productUpdateSchema, run: updateProduct },
    remove: { summary: 'Excluir produto ou serviço', guard: requirePermission('sales.delete'), run: deleteProduct },
  });

  r.get('/deals', contract({ summary: 'Buscar negócios para orçar', query: productListQuerySchema.pick({ q: true }), response: quoteDealsSchema }), async (c) =>
    c.json(await searchDeals(tenant(c), c.req.valid('query').q)),
  );
  r.get('/quotes', contract({ summary: 'Listar orçamentos', query: quoteListQuerySchema, response: quoteListSchema }), async (c) =>
    c.json(await listQuotes(tenant(c), c.req.valid('query'))),
  );
  r.post(
    '/deals/:dealId/quotes',
    requirePermission('crm.write'),
    contract({ summary: 'Criar orçamento do negócio', params: idParams({ dealId: 'Não encontrado' }), body: quoteCreateSchema, response: quoteSchema, status: 201 }),
    async (c) => c.json(await createQuote(tenant(c), c.req.valid('param').dealId, c.req.valid('json')), 201),
  );
  r.get('/quotes/:id', contract({ summary: 'Ver orçamento', params: id, response: quoteSchema }), async (c) => c.json(await getQuote(tenant(c), c.req.valid('param').id)));
  r.put(
    '/quotes/:id',
    requirePermission('crm.write'),
    contract({ summary: 'Alterar orçamento', params: id, body: quoteUpdateSchema, response: quoteSchema }),
    async (c) => c.json(await updateQuote(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/quotes/:id', requirePermission('crm.delete'), contract({ summary: 'Excluir orçamento', params: id, response: okSchema }), async (c) => answerSuccess(c, deleteQuote(tenant(c), c.req.valid('param').id)));
  r.get('/quotes/:id/pdf', contract({ summary: 'Baixar orçamento (PDF)', params: id, response: { media: 'application/pdf' } }), async (c) => {
    const { pdf, filename } = await pdfOf(tenant(c), await getQuote(tenant(c), c.req.valid('param').id));
    return pdfResponse(c, pdf, filename);
  });
  quoteSignatureRoutes(s, r);
  r.post(
    '/quotes/:id/send',
    requirePermission('crm.write'),
    contract({ summary: 'Enviar orçamento por e-mail', params: id, body: quoteSendSchema, response: quoteSchema }),
    async (c) => c.json(await sendQuote(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post(
    '/quotes/:id/answer',
    requirePermission('crm.write'),
    contract({ summary: 'Registrar resposta do cliente', params: id, body: quoteAnswerSchema, response: quoteSchema }),
    async (c) => {
      const quoteId = c.req.valid('param').id;
      const { answer, reason } = c.req.valid('json');
      await getQuote(tenant(c), quoteId);
      await answerQuote(tenant(c), quoteId, answer, 'team', reason);
      return c.json(await getQuote(tenant(c), quoteId));
    },
  );

  // The client's link: the token names the quote and its company is the quote's own. It is
  // checked first, as a session would be (an expired link is a 410 whatever the body).
  const pub = new Hono<LinkEnv>();
  const fromLink: MiddlewareHandler<LinkEnv> = async (c, next) => {
    const check = checkQuoteLink(s, c.req.param('token') ?? '');
    if (!check.ok && check.reason === 'expired') throw new AppError(410, 'LINK_EXPIRED', QUOTE_MESSAGES.linkExpired);
    if (!check.ok) throw notFound(QUOTE_MESSAGES.linkInvalid);
    // The one read before a tenant exists: which company the signed quote id belongs to.
    const [row] = await s.db.select({ companyId: schema.crmQuotes.companyId }).from(schema.crmQuotes).where(eq(schema.crmQuotes.id, check.fileId));
    if (!row) throw notFound(QUOTE_MESSAGES.linkInvalid);
    const t = systemTenant(s, row.companyId, 'public-link');
    c.set('link', { t, quote: await getQuote(t, check.fileId) });
    await next();
  };
  pub.get('/:token', fromLink, contract({ summary: 'Ver orçamento pelo link do cliente', params: tokenParams, response: publicQuoteSchema, public: true }), async (c) => {
    const { t, quote } = c.get('link');
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
  pub.get(
    '/:token/pdf',
    fromLink,
    contract({ summary: 'Baixar orçamento (PDF) pelo link do cliente', params: tokenParams, response: { media: 'application/pdf' }, public: true }),
    async (c) => {
      const { t, quote } = c.get('link');
      const { pdf, filename } = await pdfOf(t, quote);
      return pdfResponse(c, pdf, filename);
    },
  );
  pub.post(
    '/:token/answer',
    fromLink,
    contract({ summary: 'Aceitar ou recusar orçamento pelo link', params: tokenParams, body: quoteAnswerSchema, response: publicQuoteAnswerSchema, public: true }),
    async (c) => {
      const { t, quote } = c.get('link');
      const { answer, reason } = c.req.valid('json');
      await answerQuote({ ...t, actorId: null }, quote.id, answer, 'client', reason);
      // The deal's owner and whoever made the quote learn it at once (the bell; e-mail by preference).
      const [row] = await t.db
        .select({ ownerId: schema.deals.ownerId, createdBy: schema.crmQuotes.createdBy })
        .from(schema.crmQuotes)
        .innerJoin(schema.deals, eq(schema.deals.id, schema.crmQuotes.dealId))
        .where(and(eq(schema.crmQuotes.companyId, t.companyId), eq(schema.crmQuotes.id, quote.id)));
      const userIds = [row?.ownerId, row?.createdBy].filter((v): v is string => Boolean(v));
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
    },
  );

  const app = new Hono();
  app.route('/public', pub);
  app.route('/', r);
  return app;
}
