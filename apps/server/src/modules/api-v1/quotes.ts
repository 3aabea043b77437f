import type { Hono } from 'hono';
import { productCreateSchema, productListQuerySchema, productSchema, productUpdateSchema, QUOTE_MESSAGES as M, quoteAnswerSchema, quoteCreateSchema, quoteListQuerySchema, quoteSchema, quoteUpdateSchema } from '@sede/shared/crm/quotes';
import { okSchema } from '@sede/shared/platform/api';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import { answerQuote, createProduct, createQuote, deleteQuote, getProduct, getQuote, productsPage, quotesPage, updateProduct, updateQuote } from '../crm-quotes/public.ts';
import { tenant, type V1Access } from './access.ts';
import { listAnswer, listQuery, pageOf } from './list.ts';

const { q, active } = productListQuerySchema.shape;
const productsQuery = listQuery(productSchema, { q, active: active.describe('true (ativos), false (inativos) ou all (padrão).') });
const { status, dealId } = quoteListQuerySchema.shape;
const quotesQuery = listQuery(quoteSchema, { status: status.describe('rascunho, enviado, aceito, recusado ou expirado.'), dealId: dealId.describe('Só os orçamentos deste negócio.') }, 20);
const productId = idParams(M.productNotFound);
const quoteId = idParams(M.quoteNotFound);
const dealId_ = idParams(M.dealNotFound);

/** The catalogue (products and services) and the quotes on deals (decisions 0160, 0161). */
export function quoteRoutes(r: Hono<ApiKeyEnv>, { read, write }: V1Access) {
  r.get('/products', ...read('crm.read'), contract({ summary: 'Listar produtos e serviços', description: 'Do mais antigo ao mais recente.', query: productsQuery, response: pageOf(productSchema) }), async (c) =>
    c.json(await listAnswer(c.req.valid('query'), (q) => productsPage(tenant(c), q))),
  );
  r.post('/products', ...write('sales.write'), contract({ summary: 'Cadastrar produto ou serviço', body: productCreateSchema, response: productSchema, status: 201 }), async (c) =>
    c.json(await createProduct(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/products/:id', ...read('crm.read'), contract({ summary: 'Ver produto ou serviço', params: productId, response: productSchema }), async (c) => c.json(await getProduct(tenant(c), c.req.valid('param').id)));
  r.patch('/products/:id', ...write('sales.write'), contract({ summary: 'Alterar produto ou serviço', params: productId, body: productUpdateSchema, response: productSchema }), async (c) =>
    c.json(await updateProduct(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.get('/quotes', ...read('crm.read'), contract({ summary: 'Listar orçamentos', description: 'Do mais recente ao mais antigo, com os itens de cada um.', query: quotesQuery, response: pageOf(quoteSchema) }), async (c) =>
    c.json(await listAnswer(c.req.valid('query'), (q) => quotesPage(tenant(c), q))),
  );
  r.post('/deals/:id/quotes', ...write('crm.write'), contract({ summary: 'Criar orçamento do negócio', description: 'Numerado em sequência na empresa; o contato e a organização vêm do negócio quando omitidos.', params: dealId_, body: quoteCreateSchema, response: quoteSchema, status: 201 }), async (c) =>
    c.json(await createQuote(tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.get('/quotes/:id', ...read('crm.read'), contract({ summary: 'Ver orçamento', params: quoteId, response: quoteSchema }), async (c) => c.json(await getQuote(tenant(c), c.req.valid('param').id)));
  r.put(
    '/quotes/:id',
    ...write('crm.write'),
    contract({ summary: 'Alterar orçamento', description: 'Substitui o orçamento inteiro (itens, desconto, validade, condições), como no app; só rascunho ou enviado (409 depois de respondido).', params: quoteId, body: quoteUpdateSchema, response: quoteSchema }),
    async (c) => c.json(await updateQuote(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/quotes/:id', ...write('crm.delete'), contract({ summary: 'Excluir orçamento', description: 'Registrado no log de atividades.', params: quoteId, response: okSchema }), async (c) => {
    await deleteQuote(tenant(c), c.req.valid('param').id);
    return c.json({ success: true as const });
  });
  r.post(
    '/quotes/:id/answer',
    ...write('crm.write'),
    contract({ summary: 'Registrar a resposta do cliente', description: 'aceito ou recusado, uma única vez (409 depois); aceitar marca o negócio aberto como ganho.', params: quoteId, body: quoteAnswerSchema, response: quoteSchema }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { answer, reason } = c.req.valid('json');
      await getQuote(tenant(c), id);
      await answerQuote(tenant(c), id, answer, 'team', reason);
      return c.json(await getQuote(tenant(c), id));
    },
  );
}
