import { defineModule } from '../../platform/module.ts';
import { pixWebhookRoutes } from './routes.ts';

/** The webhook a bank's API Pix calls when a charge is paid (decision 0563): public, named by a per-account secret. */
export default defineModule({ key: 'finance-pix-webhook', area: 'finance', mount: '/public/pix-api', after: ['finance-pix-api'], routes: pixWebhookRoutes });
