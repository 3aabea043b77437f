/** What the webhook module (finance-boleto-public) uses: the token's company and the event's handling (decision 0572). */
export { companyOfToken, handleAsaasEvent, type WebhookOutcome } from './webhook.ts';
