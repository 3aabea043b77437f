import { defineModule } from '../../platform/module.ts';
import { financePixRoutes } from './routes.ts';

/**
 * Money in by Pix (issue 27; decisions 0530–0533): Pix keys per account, charges of receivables
 * with a static BR Code, the one idempotent settlement, and the public payment page. Routes under
 * /api/finance/pix; the page's data is finance-pix-public's.
 */
export default defineModule({ key: 'finance-pix', area: 'finance', mount: '/finance/pix', routes: financePixRoutes });
