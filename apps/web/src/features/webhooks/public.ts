/**
 * What other features use of webhooks (Administração → Integrações → Webhooks). A placeholder until
 * the webhooks feature lands: it replaces this file with its own panel.
 */
export { WebhooksPanel } from './components/webhooks-panel.tsx';
