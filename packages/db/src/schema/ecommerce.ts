import { type AnyColumn, sql, type SQL } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { searchText } from '../search.ts';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finAccounts, finEntries } from './finance.ts';
import { organizations, people } from './parties.ts';

/**
 * A company's online store connected to Sede (decisions 0680–0682): the platform ('nuvemshop'),
 * the store's own id there, the OAuth token (encrypted at rest, platform/secret-box.ts) and how
 * the last sync went. A store is connected to one company at a time: the provider's webhooks name
 * the store, and its row names the company.
 */
export const ecommerceStores = pgTable(
  'ecommerce_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** 'nuvemshop' | 'mercadolivre'. */
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** 'connected' | 'error' | 'disconnected'. */
    status: text('status').notNull().default('connected'),
    accessTokenEnc: text('access_token_enc'),
    /** Mercado Livre's single-use refresh token (encrypted) and when its access token expires (decision 0683). */
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The webhooks registered at the provider (their ids), removed on disconnect. */
    webhookIds: jsonb('webhook_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Where a paid order's receivable is settled (decision 0682). */
    accountId: uuid('account_id').references(() => finAccounts.id, { onDelete: 'set null' }),
    importJobId: uuid('import_job_id'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('ecommerce_stores', t.createdAt, t.id)(t),
    // One live connection per store of a provider, whichever company holds it.
    uniqueIndex('ecommerce_stores_live_key').on(t.provider, t.externalId).where(sql`${t.disconnectedAt} IS NULL`),
  ],
);

/**
 * An order of a connected store, once per (store, the provider's order id) and updated in place.
 * Money in cents. The buyer is copied as the store sent it and linked to a person or organization
 * (decision 0681); a paid order's receivable in Financeiro is `receivableId`, written once.
 */
/** What the orders' search reads (the index and the query share it): the buyer's name and e-mail, accents folded, the e-mail's parts as words. */
export const orderSearchText = (name: AnyColumn | SQL, email: AnyColumn | SQL) => searchText(sql`translate(${name} || ' ' || coalesce(${email}, ''), '@._-', '    ')`);

export const ecommerceOrders = pgTable(
  'ecommerce_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => ecommerceStores.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    number: text('number').notNull(),
    /** 'open' | 'closed' | 'cancelled'. */
    status: text('status').notNull(),
    /** 'pending' | 'authorized' | 'paid' | 'refunded' | 'voided'. */
    paymentStatus: text('payment_status').notNull(),
    /** 'unpacked' | 'unfulfilled' | 'fulfilled'. */
    fulfillmentStatus: text('fulfillment_status').notNull(),
    currency: text('currency').notNull().default('BRL'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email'),
    buyerPhone: text('buyer_phone'),
    /** CPF or CNPJ, digits only. */
    buyerDocument: text('buyer_document'),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    shippingMethod: text('shipping_method'),
    shippingAddress: text('shipping_address'),
    paymentMethod: text('payment_method'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    receivableId: uuid('receivable_id').references(() => finEntries.id, { onDelete: 'set null' }),
    feePayableId: uuid('fee_payable_id').references(() => finEntries.id, { onDelete: 'set null' }),
    /** A hash of the items as the store last sent them (decision 0748): a delivery with the same items leaves them alone. Null: not yet known. */
    itemsHash: text('items_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('ecommerce_orders', t.placedAt, t.id)(t),
    index('ecommerce_orders_store_idx').on(t.companyId, t.storeId, t.placedAt, t.id),
    uniqueIndex('ecommerce_orders_store_external_key').on(t.storeId, t.externalId),
    // The list's search (decision 0752): the buyer's name and e-mail by word prefix, as every list of Sede searches; the number exactly.
    index('ecommerce_orders_search_idx').using('gin', sql`to_tsvector('simple', ${orderSearchText(t.buyerName, t.buyerEmail)})`),
    index('ecommerce_orders_company_number_idx').on(t.companyId, t.number),
    // The list's count by payment or order status (decision 0752): read from the index, not the rows.
    index('ecommerce_orders_company_payment_idx').on(t.companyId, t.paymentStatus),
    index('ecommerce_orders_company_status_idx').on(t.companyId, t.status),
  ],
);

/** An order's line as the store sold it (price at the time of the sale). */
export const ecommerceOrderItems = pgTable(
  'ecommerce_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ecommerceOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    externalId: text('external_id'),
    sku: text('sku'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [index('ecommerce_order_items_order_idx').on(t.orderId, t.position)],
);
