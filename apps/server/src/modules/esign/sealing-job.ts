import { and, eq } from 'drizzle-orm';
import type { TxContext } from '@sede/db/transaction';
import { schema } from '@sede/db/client';
import { ESIGN_MESSAGES as M, type EnvelopeView } from '@sede/shared/esign/schemas';
import { conflict } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { defineJob, startJob, wakeJobWorker } from '../../platform/jobs/run.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { sealEnvelope } from './completion.ts';
import { announceEnvelope, type EnvelopeRow, envelopeRow, getEnvelope } from './envelopes.ts';
import { sealingOf } from './sealing-progress.ts';

const { signatureEnvelopes: E } = schema;

/** The job that seals an envelope once its last signer signed (decision 0623). */
export const SEALING_JOB = 'esign.seal';
type SealingInput = { envelopeId: string };

/**
 * Seals run a few at a time per server (decision 0720): each is mostly CPU (pdf-lib, the RSA
 * signature) between database round trips, so a second one fills those waits; more would only
 * take the CPU from the requests of the signers. Exactly once still holds: the envelope's row lock.
 */
export const SEALING_CONCURRENCY = 2;

export const defineSealingJob = (s: Services) =>
  defineJob<SealingInput, { envelopeId: string }>(
    s,
    SEALING_JOB,
    async ({ input, tenant, progress }) => {
      await sealEnvelope(s, tenant, input.envelopeId, progress);
      return { envelopeId: input.envelopeId };
    },
    { concurrency: SEALING_CONCURRENCY },
  );

/**
 * Queues the seal in the transaction that moves the envelope to 'finalizando' (`tx`), owned by
 * the envelope's sender so their page follows its progress; the caller keeps the run's id on the
 * envelope (`sealing_run_id`) in that transaction and wakes the worker after the commit.
 */
export async function startSealingRun(s: Services, tx: TxContext, envelope: EnvelopeRow): Promise<string> {
  const run = await startJob(s, systemTenant(s, envelope.companyId, 'job', envelope.createdBy), SEALING_JOB, { envelopeId: envelope.id } satisfies SealingInput, tx.client);
  return run.id;
}

/** `startSealingRun` and the run's id kept on the envelope. */
export async function queueSealing(s: Services, tx: TxContext, envelope: EnvelopeRow) {
  const runId = await startSealingRun(s, tx, envelope);
  await tx.db.update(E).set({ sealingRunId: runId }).where(and(eq(E.id, envelope.id), eq(E.companyId, envelope.companyId)));
  return runId;
}

export const wakeSealing = (s: Services) => wakeJobWorker(s, SEALING_JOB);

/**
 * 'Tentar novamente' on an envelope whose sealing failed (decision 0721): a new run of the job,
 * queued under the envelope's row lock while it is still 'finalizando' and its last run failed
 * (409 otherwise: a second click finds the new run queued). The seal itself stays exactly once.
 */
export async function retrySealing(s: Services, tenant: Tenant, id: string): Promise<EnvelopeView> {
  await envelopeRow(tenant, id);
  await tenantTransaction(tenant, async (t) => {
    const [e] = await t.db.select().from(E).where(and(eq(E.id, id), eq(E.companyId, tenant.companyId))).for('update');
    const run = e ? await sealingOf(t, e) : null;
    if (e?.status !== 'finalizando' || (run && run.status !== 'failed')) throw conflict(M.sealingNotFailed, 'SEALING_NOT_FAILED');
    await queueSealing(s, t, e);
    await logAudit(t.db, tenant, { action: 'envelope_sealing_retried', entity: 'signature_envelope', id, details: { label: e.title } });
    await announceEnvelope(t.db, tenant.companyId, id);
  });
  wakeSealing(s);
  return getEnvelope(s, tenant, id);
}
