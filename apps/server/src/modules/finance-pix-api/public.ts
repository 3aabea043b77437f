/** What the public webhook module uses of the API Pix: the notification's settlement. */
export { receivePixWebhook } from './settlement.ts';
