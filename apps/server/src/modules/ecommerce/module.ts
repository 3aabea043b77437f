import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { defineImportJob, scheduleCatchUp } from './import.ts';
import { startNotificationWorker } from './mercadolivre/notifications.ts';
import { ecommerceRoutes } from './routes.ts';

async function start(s: Services) {
  await defineImportJob(s);
  await scheduleCatchUp(s);
  await startNotificationWorker(s);
}

/** E-commerce (decisions 0680–0686): Nuvemshop stores and Mercado Livre accounts, their orders, and what they become in parties and Financeiro. */
export default defineModule({
  key: 'ecommerce',
  area: 'ecommerce',
  mount: '/ecommerce',
  after: ['finance', 'parties'],
  routes: ecommerceRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    const { ecommerceStores: S, ecommerceOrders: O, ecommerceOrderItems: I, ecommerceProducts: P } = schema;
    // Never the tokens.
    const stores = await tenant.db
      .select({ id: S.id, provider: S.provider, externalId: S.externalId, name: S.name, status: S.status, connectedAt: S.connectedAt, lastSyncAt: S.lastSyncAt })
      .from(S)
      .where(eq(S.companyId, tenant.companyId));
    out.json('lojas.json', stores);
    out.csv('pedidos.csv', ['id', 'storeId', 'externalId', 'number', 'status', 'paymentStatus', 'fulfillmentStatus', 'totalCents', 'buyerName', 'buyerEmail', 'placedAt', 'receivableId'], companyRows(tenant, O));
    out.csv('itens.csv', ['id', 'orderId', 'sku', 'name', 'quantity', 'unitPriceCents', 'totalCents'], companyRows(tenant, I));
    out.csv('produtos.csv', ['id', 'storeId', 'externalId', 'externalParentId', 'sku', 'name', 'priceCents', 'stock', 'updatedAt'], companyRows(tenant, P));
  },
});
