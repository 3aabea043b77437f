/** What other features show of outgoing webhooks (decisions 0650–0653): the Webhooks tab of Administração › Integrações. */
export { WebhooksPanel } from './components/webhooks-panel.tsx';
