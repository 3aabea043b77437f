import type { Hono, MiddlewareHandler } from 'hono';
import { overviewQuerySchema, overviewSchema, PRODUCT_MESSAGES as M, productListQuerySchema, productPageSchema, productPushSchema, storeProductSchema } from '@sede/shared/ecommerce/products';
import { contract, idParams } from '../../../http/contract.ts';
import type { CompanyEnv, Services } from '../../../services.ts';
import { getOverview } from '../overview.ts';
import { pushStoreProduct } from './push.ts';
import { listStoreProducts } from './store-products.ts';

/** The stores' products, the push of a price and stock to a store, and the overview (decisions 0687–0689), on the area's router. */
export function productRoutes(s: Services, r: Hono<CompanyEnv>, manage: MiddlewareHandler) {
  r.get('/products', contract({ summary: 'Listar os produtos das lojas', query: productListQuerySchema, response: productPageSchema }), async (c) =>
    c.json(await listStoreProducts(c.get('tenant'), c.req.valid('query'))),
  );
  r.post(
    '/products/:id/push',
    manage,
    contract({ summary: 'Enviar preço e estoque de um produto para a loja', params: idParams(M.productNotFound), body: productPushSchema, response: storeProductSchema }),
    async (c) => c.json(await pushStoreProduct(s, c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.get('/overview', contract({ summary: 'Visão geral das vendas das lojas', query: overviewQuerySchema, response: overviewSchema }), async (c) =>
    c.json(await getOverview(c.get('tenant'), c.req.valid('query'))),
  );
}
