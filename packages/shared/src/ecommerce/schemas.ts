import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';

/** The platforms a store can be connected from (decision 0680). */
export const PROVIDERS = ['nuvemshop', 'mercadolivre'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_LABELS: Record<Provider, string> = { nuvemshop: 'Nuvemshop', mercadolivre: 'Mercado Livre' };

export const STORE_STATUSES = ['connected', 'error', 'disconnected'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_STATUS_LABELS: Record<StoreStatus, string> = { connected: 'Conectada', error: 'Com erro', disconnected: 'Desconectada' };

export const ORDER_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { open: 'Aberto', closed: 'Concluído', cancelled: 'Cancelado' };

export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'refunded', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Aguardando pagamento',
  authorized: 'Autorizado',
  paid: 'Pago',
  refunded: 'Reembolsado',
  voided: 'Anulado',
};

export const FULFILLMENT_STATUSES = ['unpacked', 'unfulfilled', 'fulfilled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
export const FULFILLMENT_STATUS_LABELS: Record<FulfillmentStatus, string> = { unpacked: 'Não embalado', unfulfilled: 'Pronto para enviar', fulfilled: 'Enviado' };

export const ECOMMERCE_MESSAGES = {
  storeNotFound: 'Loja não encontrada.',
  orderNotFound: 'Pedido não encontrado.',
  notConfigured: (provider: string) => `A integração com a ${provider} não está configurada nesta instalação do Sede (falta o aplicativo e o segredo).`,
  badState: 'O pedido de conexão expirou ou não é desta empresa. Comece a conexão de novo.',
  code: 'Informe o código de autorização devolvido pela loja.',
  storeTakenElsewhere: 'Esta loja já está conectada a outra empresa no Sede. Desconecte-a lá antes de conectá-la aqui.',
  providerFailed: (provider: string, detail: string) => `A ${provider} recusou o pedido: ${detail}.`,
  providerUnreachable: (provider: string) => `Não foi possível falar com a ${provider} agora. Tente novamente em alguns instantes.`,
  missingSignature: 'Webhook sem assinatura.',
  forgedSignature: 'A assinatura do webhook não confere.',
  unknownStore: 'Nenhuma loja conectada com este identificador.',
  period: 'Use datas no formato AAAA-MM-DD.',
  cursor: 'Página inválida. Recarregue a lista.',
  disconnected: 'Esta loja está desconectada. Conecte-a de novo para sincronizar.',
  refreshFailed: (provider: string) => `A ${provider} não renovou o acesso do Sede a esta conta. Conecte-a de novo para voltar a sincronizar.`,
  wrongApplication: 'A notificação não é do aplicativo do Sede.',
} as const;

const dateParam = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ECOMMERCE_MESSAGES.period).optional());

export const storeSchema = z.object({
  id: z.string(),
  provider: z.enum(PROVIDERS),
  externalId: z.string(),
  name: z.string(),
  status: z.enum(STORE_STATUSES),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  importJobId: z.string().nullable(),
  connectedAt: z.string(),
  orderCount: z.number(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeListSchema = z.object({
  stores: z.array(storeSchema),
  /** Which providers this installation can connect (their app id and secret are configured). */
  available: z.array(z.enum(PROVIDERS)),
});
export type StoreList = z.infer<typeof storeListSchema>;

export const connectStartSchema = z.object({ url: z.string() });
export const connectParamsSchema = z.object({ provider: z.enum(PROVIDERS, { error: 'Plataforma desconhecida.' }) });
export const connectCompleteSchema = z.object({
  code: safeText({ error: ECOMMERCE_MESSAGES.code }).trim().min(1, ECOMMERCE_MESSAGES.code).max(500, ECOMMERCE_MESSAGES.code),
  state: safeText({ error: ECOMMERCE_MESSAGES.badState }).trim().min(1, ECOMMERCE_MESSAGES.badState).max(1000, ECOMMERCE_MESSAGES.badState),
});
export type ConnectComplete = z.infer<typeof connectCompleteSchema>;

export const orderListQuerySchema = z.object({
  /** The order's number, the buyer's name or e-mail. */
  q: safeText()
    .max(100, 'Busca longa demais (máximo de 100 caracteres).')
    .optional()
    .transform((v) => v?.trim() || undefined),
  storeId: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(uuidSchema(ECOMMERCE_MESSAGES.storeNotFound).optional()),
  status: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(ORDER_STATUSES, { error: 'Situação desconhecida.' }).optional()),
  payment: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(PAYMENT_STATUSES, { error: 'Situação de pagamento desconhecida.' }).optional()),
  from: dateParam,
  to: dateParam,
  cursor: z.string().max(200, ECOMMERCE_MESSAGES.cursor).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

const orderBase = {
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  provider: z.enum(PROVIDERS),
  number: z.string(),
  placedAt: z.string(),
  buyerName: z.string(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
};
export const orderListItemSchema = z.object(orderBase);
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** The orders list counts up to one past this: a `total` over it reads "mais de 10.000". */
export const ORDER_COUNT_CAP = 10_000;
/** `total` (capped at 10,001) comes with the first page; a page after it (by cursor) answers null. */
export const orderPageSchema = z.object({ orders: z.array(orderListItemSchema), nextCursor: z.string().nullable(), total: z.number().nullable() });
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderItemSchema = z.object({ id: z.string(), sku: z.string().nullable(), name: z.string(), quantity: z.number(), unitPriceCents: z.number(), totalCents: z.number() });

export const orderDetailSchema = z.object({
  ...orderBase,
  currency: z.string(),
  subtotalCents: z.number(),
  discountCents: z.number(),
  shippingCents: z.number(),
  feeCents: z.number(),
  buyer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    document: z.string().nullable(),
    personId: z.string().nullable(),
    organizationId: z.string().nullable(),
  }),
  shippingMethod: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  receivable: z.object({ id: z.string(), status: z.string() }).nullable(),
  items: z.array(orderItemSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const webhookAckSchema = z.object({ ok: z.literal(true) });
