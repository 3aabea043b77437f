/** What the public webhook module uses of the API Pix: the notification's settlement. */
export { receivePixWebhook } from './settlement.ts';
/** Pix Automático's notifications (recurrences and cobranças recorrentes, decision 0612). */
export { receiveCobrWebhook, receiveRecWebhook } from './automatic-collect.ts';
