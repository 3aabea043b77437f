/** What the webhook module (finance-boleto-public) uses: the token's company and the event's handling (decision 0572). */
export { companyOfToken, handleAsaasEvent, type WebhookOutcome } from './webhook.ts';
// The public API (modules/api-v1, decisions 0648, 0655): a receivable's boleto, read, issued and cancelled.
export { cancelBoleto, entryBoleto, issueBoleto } from './boletos.ts';
/** Refunds of a receivable paid through Asaas (decision 0601), asked by the refund routes. */
export { asaasRefundBlocked, followAsaasRefunds, requestAsaasRefund } from './refunds.ts';
