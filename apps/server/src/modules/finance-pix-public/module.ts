import { defineModule } from '../../platform/module.ts';
import { paymentPageRoutes } from './routes.ts';

/** The public payment page of a receivable (decision 0532): opened without an account. */
export default defineModule({ key: 'finance-pix-public', area: 'finance', mount: '/public/payments', routes: paymentPageRoutes });
