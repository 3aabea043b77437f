import { defineModule } from '../../platform/module.ts';
import { billingRoutes } from './routes.ts';
import { registerBillingJobs } from './cycle.ts';
import { billingOf } from './context.ts';
import { cancelCompanySubscriptions } from './erase.ts';
import { exportBilling } from './export.ts';

/** Plans, coins, payments and the billing cycle. */
export default defineModule({
  key: 'billing',
  mount: '/billing',
  routes: billingRoutes,
  publicConfig: (s) => ({ paymentsMode: billingOf(s).mode }),
  start: registerBillingJobs,
  exportData: exportBilling,
  eraseCompany: cancelCompanySubscriptions,
});
