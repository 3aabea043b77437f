import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';
import { ECOMMERCE_MESSAGES, PROVIDERS } from './schemas.ts';

/** The stores' catalogue and the area's overview (decisions 0687–0689). */
export const PRODUCT_MESSAGES = {
  productNotFound: 'Produto não encontrado.',
  cursor: ECOMMERCE_MESSAGES.cursor,
  price: 'Informe um preço maior que zero, em centavos.',
  stock: 'Informe um estoque de 0 a 1.000.000, ou deixe sem controle de estoque.',
  pushUnsupported: (provider: string) => `Ainda não é possível alterar preço e estoque na ${provider} pelo Sede.`,
  nothingToPush: 'Nada para enviar: o preço e o estoque são os mesmos da loja.',
  period: ECOMMERCE_MESSAGES.period,
  periodOrder: 'A data final vem depois da inicial.',
  periodLong: 'Escolha um período de até 366 dias.',
} as const;

export const MATCH_FILTERS = ['matched', 'unmatched'] as const;
export type MatchFilter = (typeof MATCH_FILTERS)[number];
export const MATCH_LABELS: Record<MatchFilter, string> = { matched: 'Com produto no CRM', unmatched: 'Sem produto no CRM' };

const optional = <T extends z.ZodType<unknown, string>>(inner: T) =>
  z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(inner.optional());

export const productListQuerySchema = z.object({
  /** The SKU or the name. */
  q: safeText()
    .max(100, 'Busca longa demais (máximo de 100 caracteres).')
    .optional()
    .transform((v) => v?.trim() || undefined),
  storeId: optional(uuidSchema(ECOMMERCE_MESSAGES.storeNotFound)),
  match: optional(z.enum(MATCH_FILTERS, { error: 'Filtro desconhecido.' })),
  cursor: z.string().max(400, PRODUCT_MESSAGES.cursor).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const storeProductSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  provider: z.enum(PROVIDERS),
  externalId: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  priceCents: z.number(),
  stock: z.number().nullable(),
  updatedAt: z.string(),
  pushedAt: z.string().nullable(),
  /** The CRM's product with this SKU as its code, if any. */
  crmProduct: z.object({ id: z.string(), name: z.string(), priceCents: z.number() }).nullable(),
  /** Whether Sede can send a price and stock to this store's platform (decision 0688). */
  canPush: z.boolean(),
});
export type StoreProduct = z.infer<typeof storeProductSchema>;

export const productPageSchema = z.object({ products: z.array(storeProductSchema), nextCursor: z.string().nullable(), total: z.number(), matched: z.number() });
export type ProductPage = z.infer<typeof productPageSchema>;

export const productPushSchema = z.object({
  priceCents: z.number({ error: PRODUCT_MESSAGES.price }).int(PRODUCT_MESSAGES.price).min(1, PRODUCT_MESSAGES.price).max(100_000_000, PRODUCT_MESSAGES.price),
  stock: z.number({ error: PRODUCT_MESSAGES.stock }).int(PRODUCT_MESSAGES.stock).min(0, PRODUCT_MESSAGES.stock).max(1_000_000, PRODUCT_MESSAGES.stock).nullable(),
});
export type ProductPush = z.infer<typeof productPushSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PRODUCT_MESSAGES.period);
export const overviewQuerySchema = z.object({ from: optional(day), to: optional(day) });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    orders: z.number(),
    paidOrders: z.number(),
    revenueCents: z.number(),
    averageTicketCents: z.number(),
    cancelledOrders: z.number(),
    cancelledCents: z.number(),
    feeCents: z.number(),
  }),
  /** Every day of the period, paid sales (not cancelled) by day. */
  days: z.array(z.object({ date: z.string(), orders: z.number(), revenueCents: z.number() })),
  channels: z.array(z.object({ storeId: z.string(), storeName: z.string(), provider: z.enum(PROVIDERS), orders: z.number(), revenueCents: z.number(), cancelledOrders: z.number(), feeCents: z.number() })),
  topProducts: z.array(z.object({ sku: z.string().nullable(), name: z.string(), quantity: z.number(), revenueCents: z.number() })),
});
export type Overview = z.infer<typeof overviewSchema>;
