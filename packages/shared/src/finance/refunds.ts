import { z } from 'zod';
import { safeText } from '../text.ts';

/** Refunds of a received charge (decision 0600): requests, answers and their words. */
export const REFUND_MESSAGES = {
  amount: 'Informe o valor a devolver, maior que zero.',
  overRefund: 'O valor é maior do que o que ainda pode ser devolvido deste recebimento.',
  reason: 'Informe o motivo da devolução (até 140 caracteres).',
  refundId: 'Identificador de devolução inválido.',
  notPaid: 'Este recebimento ainda não foi pago; não há o que devolver.',
  byHand: 'Este recebimento foi baixado à mão, sem um meio que permita devolver pelo sistema. Faça a devolução pelo banco e registre uma conta a pagar.',
  staticPix: 'Este Pix foi recebido por QR Code estático e baixado à mão: o banco não permite devolvê-lo pelo sistema. Faça a devolução pelo aplicativo do banco e registre uma conta a pagar.',
  noProvider: 'Este recebimento não foi feito por um meio que permite devolução pelo sistema.',
  chargeNotFound: 'Cobrança não encontrada.',
  refundNotFound: 'Devolução não encontrada.',
  entryNotFound: 'Lançamento não encontrado.',
} as const;

export const REFUND_STATUSES = ['pending', 'done', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundInputSchema = z.object({
  /** Chosen by the browser once per dialog: the same id twice is the same refund. */
  refundId: z.string({ error: REFUND_MESSAGES.refundId }).regex(/^[a-zA-Z0-9]{1,35}$/, REFUND_MESSAGES.refundId),
  amountCents: z.number({ error: REFUND_MESSAGES.amount }).int(REFUND_MESSAGES.amount).min(1, REFUND_MESSAGES.amount).max(1e13, REFUND_MESSAGES.amount),
  reason: safeText({ error: REFUND_MESSAGES.reason }).pipe(z.string().trim().min(1, REFUND_MESSAGES.reason).max(140, REFUND_MESSAGES.reason)),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const refundSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  chargeId: z.string(),
  provider: z.string(),
  refundId: z.string(),
  amountCents: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  error: z.string().nullable(),
  payableEntryId: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A receivable's refunds and what may still be refunded (null with `blockedReason` when none can be). */
export const entryRefundsSchema = z.object({
  refundableCents: z.number(),
  blockedReason: z.string().nullable(),
  refunds: z.array(refundSchema),
});
export type EntryRefunds = z.infer<typeof entryRefundsSchema>;

/** How a refund's status reads on screen. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { pending: 'Em processamento', done: 'Devolvido', failed: 'Não realizado' };
