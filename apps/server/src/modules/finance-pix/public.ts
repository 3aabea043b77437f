/** What other modules use of money in: the one settlement of a charge (dynamic Pix, Asaas, reconciliation) and the payment page. */
export { settleCharge, type ChargePaid, type SettleOutcome } from './settle.ts';
export { chargeLink, companyName, customerEmail, publicPayment, simulatePayment } from './service.ts';
export { findDefaultPixKey } from './keys.ts';
/** What the boleto module (finance-boleto, decision 0571) builds its charge rows with. */
export { CHARGE_ENTITY, type ChargeRow, chargeableCents, type DynamicPixMaker, ensureStaticCharge, entryOf, PIX_METHODS, registerDynamicPix } from './charges.ts';
export { qrSvg } from './br-code.ts';
// The public API (modules/api-v1, decision 0648): a receivable's charge and its payment link.
export { chargeByPix, createPaymentLink, entryCharge } from './service.ts';
/** Refunds' recording, the same for every provider (decisions 0600, 0601). */
export { applyRefundOutcome, claimRefund, finishRefund, paidCharge, recordOutsideRefund, refundedCents, refundRows, type RefundOutcome, type RefundRow, toRefund } from './refunds.ts';
