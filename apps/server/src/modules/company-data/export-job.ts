import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { JobRunView } from '@sede/shared/platform/jobs';
import { logAudit } from '../../platform/audit.ts';
import { buildCompanyExport, exportPath } from '../../platform/company-data/archive.ts';
import { defineJob, getJobRun, startJob } from '../../platform/jobs/run.ts';
import { serverModules } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** The export runs as a platform job: progress stored in job_runs and pushed live, resumed after a restart. */
export const EXPORT_JOB = 'company-data.export';

export async function defineExportJob(s: Services) {
  await defineJob(s, EXPORT_JOB, async ({ runId, tenant, progress }) => {
    const { entries } = await buildCompanyExport(s, tenant, serverModules(s), exportPath(s, tenant.companyId, runId), (p) => progress(p));
    await logAudit(tenant.db, tenant, { action: 'company_data_exported', entity: 'company_data', id: null, details: { format: 'zip', count: entries } });
    return { entries };
  });
}

export const startExportJob = async (s: Services, tenant: Tenant) => (await startJob(s, tenant, EXPORT_JOB, {})).id;

/** A run of this company's export (admins read every run of the company); null when there is none. */
export async function exportRun(tenant: Tenant, runId: string): Promise<JobRunView | null> {
  return getJobRun(tenant.db.$client, { tenant, allOfCompany: true }, runId).catch(() => null);
}

const R = schema.jobRuns;
export async function companyHasRunningExport(tenant: Tenant): Promise<boolean> {
  const rows = await tenant.db
    .select({ id: R.id })
    .from(R)
    .where(and(eq(R.companyId, tenant.companyId), eq(R.kind, EXPORT_JOB), inArray(R.status, ['queued', 'running'])))
    .limit(1);
  return rows.length > 0;
}
