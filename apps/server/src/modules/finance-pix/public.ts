/** What other modules use of money in: the one settlement of a charge (dynamic Pix, Asaas, reconciliation) and the payment page. */
export { settleCharge, type ChargePaid, type SettleOutcome } from './settle.ts';
export { publicPayment, simulatePayment } from './service.ts';
export { CHARGE_ENTITY, type ChargeRow, type DynamicPixMaker, PIX_METHODS, registerDynamicPix } from './charges.ts';
export { qrSvg } from './br-code.ts';
