/** What other modules use of money in: the one settlement of a charge (dynamic Pix, Asaas, reconciliation) and the payment page. */
export { settleCharge, type ChargePaid, type SettleOutcome } from './settle.ts';
export { chargeLink, companyName, customerEmail, publicPayment, simulatePayment } from './service.ts';
export { findDefaultPixKey } from './keys.ts';
