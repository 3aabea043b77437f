import { defineModule } from '../../platform/module.ts';
import { reportRoutes } from './routes.ts';

/**
 * Relatórios do financeiro (decision 0177): cash flow realised and projected, the DRE gerencial, the
 * overview's figures. Reads only the finance tables (no tables of its own, nothing to export).
 * Routes under /api/finance/reports.
 */
export default defineModule({ key: 'finance-reports', area: 'finance', mount: '/finance/reports', routes: reportRoutes });
