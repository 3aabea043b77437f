import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { ecommerceStores } from './ecommerce.ts';

/**
 * A connected store's catalogue, whatever the platform (decision 0687): one row per thing the
 * store sells with a price and a stock of its own (a Nuvemshop variant, a Mercado Livre item),
 * keyed by (store, its id there). `externalParentId` is the product a variant belongs to where the
 * platform has one (Nuvemshop's product id: its API changes a variant under its product). Matched
 * to the CRM's catalogue by SKU = `crm_products.code`, at read time.
 */
export const ecommerceProducts = pgTable(
  'ecommerce_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => ecommerceStores.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    externalParentId: text('external_parent_id'),
    sku: text('sku'),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Null: the store does not count it (unlimited). */
    stock: integer('stock'),
    /** When Sede last sent a price or stock to the store (decision 0688). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('ecommerce_products', t.name, t.id)(t),
    index('ecommerce_products_company_sku_idx').on(t.companyId, t.sku),
    index('ecommerce_products_store_parent_idx').on(t.storeId, t.externalParentId),
    uniqueIndex('ecommerce_products_store_external_key').on(t.storeId, t.externalId),
  ],
);
