import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { defineExportJob } from './export-job.ts';
import { companyDataRoutes } from './routes.ts';
import { deleteExpiredExports, eraseCompanyExports, eraseDueCompanies } from './service.ts';
import { scheduleJob } from '../../platform/jobs/schedules.ts';

export const EXPORT_CLEANUP_QUEUE = 'company-data-export-cleanup';
export const COMPANY_ERASER_QUEUE = 'company-data-eraser';

/** pg-boss schedules: expired exports deleted and closed companies erased, every hour. */
async function start(s: Services) {
  await defineExportJob(s);
  await s.boss.createQueue(EXPORT_CLEANUP_QUEUE);
  scheduleJob(s.boss, EXPORT_CLEANUP_QUEUE, '17 * * * *', 'UTC');
  await s.boss.work(EXPORT_CLEANUP_QUEUE, async () => {
    await deleteExpiredExports(s);
  });
  await s.boss.createQueue(COMPANY_ERASER_QUEUE);
  scheduleJob(s.boss, COMPANY_ERASER_QUEUE, '23 * * * *', 'UTC');
  await s.boss.work(COMPANY_ERASER_QUEUE, async () => {
    await eraseDueCompanies(s);
  });
}

/**
 * The company's own data (decisions 0135, 0136): the export of everything
 * the company holds (each module's `exportData`) as a ZIP built by a job, and the account's
 * closure with a grace period before the eraser deletes it (each module's `eraseCompany`).
 */
export default defineModule({
  key: 'company-data',
  area: 'company',
  mount: '/company-data',
  routes: companyDataRoutes,
  start,
  eraseCompany: eraseCompanyExports,
});
