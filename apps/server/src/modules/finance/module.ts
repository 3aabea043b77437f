import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { FINANCE_ALERTS_CRON, FINANCE_ALERTS_QUEUE, sendFinanceAlerts } from './alerts.ts';
import { entryExists, FIN_ENTRY } from './entries.ts';
import { exportFinance } from './export.ts';
import { financeRoutes } from './routes.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';

async function start(s: Services) {
  // Attachments (boleto, nota fiscal), comments and tasks on an entry: whoever reads finance.
  registerEntity(s, FIN_ENTRY, {
    canSee: readersOf('finance.read', entryExists, 'financeiro'),
    path: () => '/financeiro?aba=contas-a-pagar',
  });
  await scheduleRecurring(s.boss, { queue: FINANCE_ALERTS_QUEUE, cron: FINANCE_ALERTS_CRON, label: '[finance] due alerts:' }, () => sendFinanceAlerts(s));
}

/** Financeiro's core (decisions 0170–0174): registers, payables and receivables, payments, alerts. */
export default defineModule({ key: 'finance', area: 'finance', mount: '/finance', routes: financeRoutes, start, exportData: exportFinance });
