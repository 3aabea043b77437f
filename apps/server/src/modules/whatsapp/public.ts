/** What other modules may use of WhatsApp: templates sent for a campaign and their statuses (decisions 0293–0294). */
export { listTemplates, onInbound, onRecipientStatus, renderTemplate, sendTemplate, waNumber, waVariants, whatsappReady, type InboundHook, type RecipientStatusHook } from './service.ts';
