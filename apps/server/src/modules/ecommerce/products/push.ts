import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { PRODUCT_MESSAGES as M, type ProductPush, type StoreProduct } from '@sede/shared/ecommerce/products';
import { PROVIDER_LABELS, type Provider } from '@sede/shared/ecommerce/schemas';
import { conflict } from '../../../http/errors.ts';
import { logAudit } from '../../../platform/audit.ts';
import { announce } from '../../../platform/live/announce.ts';
import type { Services, Tenant } from '../../../services.ts';
import { storeAuth, storeRow } from '../stores.ts';
import { pushNuvemshopVariant } from './nuvemshop.ts';
import { PRODUCT_ENTITY, PUSHABLE, storeProduct } from './store-products.ts';

const { ecommerceProducts: P } = schema;

/**
 * 'Enviar para a loja' (decision 0688): a manager's explicit price and stock for one product of a
 * store, sent to its platform first and written here as the platform answered; audited. Nothing
 * is sent by itself when a CRM product changes.
 */
export async function pushStoreProduct(s: Services, t: Tenant, id: string, input: ProductPush): Promise<StoreProduct> {
  const product = await storeProduct(t, id);
  if (!PUSHABLE.has(product.provider)) throw conflict(M.pushUnsupported(PROVIDER_LABELS[product.provider as Provider] ?? product.provider), 'ECOMMERCE_PUSH_UNSUPPORTED');
  if (product.priceCents === input.priceCents && product.stock === input.stock) throw conflict(M.nothingToPush, 'ECOMMERCE_NOTHING_TO_PUSH');
  const store = await storeRow(t, product.storeId);
  const auth = storeAuth(s, store);
  const [row] = await t.db.select({ parentId: P.externalParentId }).from(P).where(and(eq(P.companyId, t.companyId), eq(P.id, id)));
  const answer = await pushNuvemshopVariant(s, auth, row?.parentId ?? '', product.externalId, input);
  await t.db.transaction(async (tx) => {
    await tx
      .update(P)
      .set({ priceCents: answer.priceCents, stock: answer.stock, pushedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(P.companyId, t.companyId), eq(P.id, id)));
    await logAudit(tx, t, {
      action: 'ecommerce_product_pushed',
      entity: PRODUCT_ENTITY,
      id,
      details: { label: product.name, sku: product.sku, store: product.storeName, from: { priceCents: product.priceCents, stock: product.stock }, to: answer },
    });
    await announce(tx, { companyId: t.companyId, entity: PRODUCT_ENTITY, id, action: 'updated' });
  });
  return storeProduct(t, id);
}
