import { defineModule } from '../../platform/module.ts';
import { boletoWebhookRoutes } from './routes.ts';

/** Asaas's webhook for boletos (decision 0572): called by the provider, without an account. */
export default defineModule({ key: 'finance-boleto-public', area: 'finance', mount: '/public/boleto', routes: boletoWebhookRoutes });
