import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { hasAnyPermission } from '@sede/shared/permissions';
import { forbidden } from '../../http/errors.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { FINANCE_ALERTS_CRON, FINANCE_ALERTS_QUEUE, sendFinanceAlerts } from './alerts.ts';
import { entryExists, FIN_ENTRY } from './entries.ts';
import { exportFinance } from './export.ts';
import { financeRoutes } from './routes.ts';

async function start(s: Services) {
  // Attachments (boleto, nota fiscal), comments and tasks on an entry: whoever reads finance.
  registerEntity(s, FIN_ENTRY, {
    canSee: async (tenant, id, viewer) => {
      if (!hasAnyPermission(viewer.permissions, ['financeiro']) && !canAny(grantsFor(viewer.membership), ['finance.read'])) throw forbidden();
      return entryExists(tenant, id);
    },
    path: () => '/financeiro?aba=contas-a-pagar',
  });
  await s.boss.createQueue(FINANCE_ALERTS_QUEUE);
  await s.boss.schedule(FINANCE_ALERTS_QUEUE, FINANCE_ALERTS_CRON, {}, { tz: 'America/Sao_Paulo' });
  await s.boss.work(FINANCE_ALERTS_QUEUE, async () => {
    const n = await sendFinanceAlerts(s);
    if (n) console.log('[finance] due alerts:', n);
  });
}

/** Financeiro's core (decisions 0170–0174): registers, payables and receivables, payments, alerts. */
export default defineModule({ key: 'finance', area: 'finance', mount: '/finance', routes: financeRoutes, start, exportData: exportFinance });
