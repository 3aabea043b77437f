import { z } from 'zod';
import { PLAN_INCLUDES, PLAN_TYPES, PLANS, TRIAL, type PlanType } from './constants.ts';

export { PLANS, PLAN_INCLUDES, TRIAL, PLAN_TYPES, type PlanType };

/** Coin packages on sale (docs/decisions/0063-coin-packages.md). Prices in cents of BRL. */
export const COIN_PACKAGES = [
  { id: 'coins_50', coins: 50, priceCents: 5_000, label: 'Pacote Básico', highlight: false },
  { id: 'coins_150', coins: 150, priceCents: 13_500, label: 'Pacote Equipe', highlight: true },
  { id: 'coins_500', coins: 500, priceCents: 40_000, label: 'Pacote Empresa', highlight: false },
] as const;
export type CoinPackage = (typeof COIN_PACKAGES)[number];
export type CoinPackageId = CoinPackage['id'];
const PACKAGE_IDS = COIN_PACKAGES.map((p) => p.id) as [CoinPackageId, ...CoinPackageId[]];
export const findCoinPackage = (id: string) => COIN_PACKAGES.find((p) => p.id === id) ?? null;

/** Discount of a package against the smallest one's price per coin, in whole percent. */
export function packageDiscountPercent(pkg: CoinPackage): number {
  const base = COIN_PACKAGES[0].priceCents / COIN_PACKAGES[0].coins;
  return Math.round((1 - pkg.priceCents / pkg.coins / base) * 100);
}

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Período de teste',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  canceled: 'Cancelada',
};
export const subscriptionStatusLabel = (s: string) => SUBSCRIPTION_STATUS_LABELS[s as SubscriptionStatus] ?? s;

export const COIN_KINDS = ['welcome', 'allowance', 'allowance_expiry', 'purchase', 'debit', 'refund', 'adjustment'] as const;
export type CoinKind = (typeof COIN_KINDS)[number];
export const COIN_KIND_LABELS: Record<CoinKind, string> = {
  welcome: 'Boas-vindas',
  allowance: 'Moedas do plano',
  allowance_expiry: 'Expiração das moedas do plano',
  purchase: 'Compra de moedas',
  debit: 'Uso',
  refund: 'Estorno',
  adjustment: 'Ajuste',
};

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Aguardando pagamento',
  scheduled: 'Agendado',
  paid: 'Pago',
  failed: 'Falhou',
  canceled: 'Cancelado',
};

export const BILLING_MESSAGES = {
  adminOnly: 'Apenas administradores da empresa podem fazer pagamentos e alterar o plano.',
  unknownPackage: 'Pacote de moedas desconhecido',
  unknownPlan: 'Plano desconhecido',
  sandboxMode: 'Modo de teste',
  paymentsDisabled: 'Os pagamentos não estão configurados neste servidor.',
  ledgerRange: 'A data inicial deve ser anterior à final.',
} as const;

export const planTypeSchema = z.enum(PLAN_TYPES as [PlanType, ...PlanType[]], { error: BILLING_MESSAGES.unknownPlan });

export const coinCheckoutSchema = z.object({ packageId: z.enum(PACKAGE_IDS, { error: BILLING_MESSAGES.unknownPackage }) });
export const subscriptionCheckoutSchema = z.object({ plan: planTypeSchema });

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use o formato AAAA-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Data inválida: use o formato AAAA-MM-DD.');

/** GET /api/billing/ledger filters (query string; empty values mean "any"). */
export const ledgerQuerySchema = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COIN_KINDS, { error: 'Tipo de lançamento desconhecido' }).optional()),
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
  before: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().positive().optional()),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: BILLING_MESSAGES.ledgerRange, path: ['to'] });
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

// ---- Derived figures (spec §9) ----

/** Annual against twelve monthly payments: R$ 800 a year, 27%, about R$ 183 a month. */
export function annualSavings() {
  const twelveMonths = PLANS.monthly.priceCents * 12;
  const savingsCents = twelveMonths - PLANS.annual.priceCents;
  return {
    savingsCents,
    savingsReais: savingsCents / 100,
    percent: Math.round((savingsCents / twelveMonths) * 100),
    monthlyEquivalentCents: Math.floor(PLANS.annual.priceCents / 12),
  };
}

/** Collaborators over the plan's limit and what they add per month. */
export function collaboratorsCost(memberCount: number) {
  const extra = Math.max(0, memberCount - PLAN_INCLUDES.collaborators);
  return { included: PLAN_INCLUDES.collaborators, extra, extraMonthlyCents: extra * PLAN_INCLUDES.extraCollaboratorCents };
}

/** One charge of a plan: its price plus extra collaborators for the plan's interval. */
export function chargeCents(plan: PlanType, memberCount: number): number {
  const { extraMonthlyCents } = collaboratorsCost(memberCount);
  return PLANS[plan].priceCents + extraMonthlyCents * (plan === 'annual' ? 12 : 1);
}

const DAY_MS = 86_400_000;
/** Whole days left in the trial, rounded up; 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: string | Date | null | undefined, now: Date = new Date()): number {
  if (!trialEndsAt) return 0;
  const ms = new Date(trialEndsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(date);
  d.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay));
  return d;
}

export const planIntervalEnd = (plan: PlanType, start: Date) => addMonthsUtc(start, plan === 'annual' ? 12 : 1);

/**
 * The monthly allowance period containing `now` for a subscription period that started at
 * `anchor`: anchor + k months (annual plans get their coins monthly too). Null before the anchor.
 */
export function allowancePeriodStart(anchor: Date, now: Date): Date | null {
  if (now.getTime() < anchor.getTime()) return null;
  let k = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (k > 0 && addMonthsUtc(anchor, k).getTime() > now.getTime()) k--;
  return addMonthsUtc(anchor, Math.max(0, k));
}

/** The ledger's period key of an allowance period: its start, to the second, in UTC. */
export const allowancePeriodKey = (start: Date) => `${start.toISOString().slice(0, 19)}Z`;

/** Real payments (Stripe), the offline sandbox ('Modo de teste'), or none configured (docs/decisions/0073). */
export const paymentsModeSchema = z.enum(['stripe', 'sandbox', 'disabled']);
export type PaymentsMode = z.infer<typeof paymentsModeSchema>;
export const billingModeSchema = z.object({ mode: paymentsModeSchema });

/** GET /api/billing/summary (the company comes from the session). */
export const billingSummarySchema = z.object({
  mode: paymentsModeSchema,
  canManage: z.boolean(),
  plan: planTypeSchema.nullable(),
  status: z.string(),
  balance: z.number(),
  trialEndsAt: z.string().nullable(),
  trialDaysLeft: z.number(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** The next automatic charge, when one is due (active, or a subscription scheduled in the trial). */
  nextCharge: z.object({ date: z.string(), amountCents: z.number(), plan: planTypeSchema }).nullable(),
  scheduledSubscription: z.boolean(),
  collaborators: z.object({ count: z.number(), included: z.number(), extra: z.number(), extraMonthlyCents: z.number() }),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

const paymentKindSchema = z.enum(['coins', 'subscription']);

/** One row of GET /api/billing/payments. */
export const paymentItemSchema = z.object({
  id: z.string(),
  kind: paymentKindSchema,
  item: z.string(),
  amountCents: z.number(),
  coins: z.number(),
  status: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentItemSchema) });

/** One line of the coin statement (GET /api/billing/ledger), newest first. */
export const ledgerItemSchema = z.object({
  id: z.number(),
  amount: z.number(),
  kind: z.enum(COIN_KINDS),
  reason: z.string(),
  actor: z.string().nullable(),
  balanceAfter: z.number(),
  createdAt: z.string(),
});
export type LedgerItem = z.infer<typeof ledgerItemSchema>;
export const ledgerPageSchema = z.object({ entries: z.array(ledgerItemSchema), nextBefore: z.number().nullable() });

/** A checkout started: where to send the person to pay (Stripe's page, or the sandbox's). */
export const checkoutResultSchema = z.object({ paymentId: z.string(), url: z.string(), mode: z.enum(['stripe', 'sandbox']) });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** The offline sandbox's payment page (Modo de teste): a payment, and what confirming or cancelling it did. */
export const sandboxPaymentSchema = z.object({ id: z.string(), kind: paymentKindSchema, item: z.string(), amountCents: z.number(), coins: z.number(), status: z.string() });
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
export const sandboxOutcomeSchema = z.object({ status: z.string(), alreadyDone: z.boolean() });

/** What a Stripe webhook delivery was answered with (a replay is acknowledged as a duplicate). */
export const webhookOutcomeSchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional(), action: z.string().optional() });
export type WebhookOutcome = z.infer<typeof webhookOutcomeSchema>;
