import { and, eq } from 'drizzle-orm';
import { type DbOrTx, schema } from '@sede/db/client';
import type { EnvelopeView } from '@sede/shared/esign/schemas';

const { jobRuns: J } = schema;

/** The sealing run's progress for the envelope's page (null before the last signature). */
export async function sealingOf(tenant: { db: DbOrTx }, e: { companyId: string; sealingRunId: string | null }): Promise<EnvelopeView['sealing']> {
  if (!e.sealingRunId) return null;
  const [run] = await tenant.db
    .select({ jobId: J.id, status: J.status, stage: J.stage, done: J.done, total: J.total, message: J.message, error: J.error })
    .from(J)
    .where(and(eq(J.id, e.sealingRunId), eq(J.companyId, e.companyId)));
  return run ? { ...run, status: run.status as NonNullable<EnvelopeView['sealing']>['status'] } : null;
}
