/** What other modules may use of WhatsApp: templates sent for a campaign and their statuses (decisions 0293–0294). */
export { onRecipientStatus, renderTemplate, sendTemplate, waNumber, whatsappReady, type RecipientStatusHook } from './service.ts';
