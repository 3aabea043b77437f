import { and, eq, inArray } from 'drizzle-orm';
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

/** Of these envelopes, the ones still 'finalizando' whose sealing job failed, in one query. */
export async function failedSealings(tenant: { db: DbOrTx; companyId: string }, envelopes: Array<{ id: string; status: string; sealingRunId: string | null }>): Promise<Set<string>> {
  const sealing = envelopes.filter((e) => e.status === 'finalizando' && e.sealingRunId);
  if (!sealing.length) return new Set();
  const failed = await tenant.db
    .select({ id: J.id })
    .from(J)
    .where(and(eq(J.companyId, tenant.companyId), inArray(J.id, sealing.map((e) => e.sealingRunId!)), eq(J.status, 'failed')));
  const runs = new Set(failed.map((r) => r.id));
  return new Set(sealing.filter((e) => runs.has(e.sealingRunId!)).map((e) => e.id));
}
