import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { financeDunningRoutes } from './routes.ts';
import { ruleOf } from './settings.ts';
import { DUNNING_CRON, DUNNING_QUEUE, runDunning } from './run.ts';

async function start(s: Services) {
  await scheduleRecurring(s.boss, { queue: DUNNING_QUEUE, cron: DUNNING_CRON, label: '[finance-dunning] reminders sent:' }, () => runDunning(s));
}

/** The rule, the paused customers and every reminder claimed (decision 0135). */
async function exportDunning(_s: Services, tenant: Tenant, out: ExportSink) {
  const { finDunningPauses: p, finDunningMessages: m } = schema;
  out.json('regua-de-cobranca.json', await ruleOf(tenant.db, tenant));
  out.csv('regua-pausas.csv', ['id', 'organizationId', 'personId', 'createdBy', 'createdAt'], companyRows(tenant, p));
  out.csv('regua-lembretes.csv', ['id', 'entryId', 'step', 'channel', 'status', 'reason', 'recipient', 'sentAt', 'createdAt'], companyRows(tenant, m));
}

/**
 * The collection rule (régua de cobrança; decisions 0580–0583): reminders before, on and
 * after the due date by e-mail and WhatsApp with the payment page's link, once per step, paused
 * per customer, stopped by payment; the overdue list. Routes under /api/finance/dunning.
 */
export default defineModule({ key: 'finance-dunning', area: 'finance', mount: '/finance/dunning', after: ['finance-pix', 'whatsapp'], routes: financeDunningRoutes, start, exportData: exportDunning });
