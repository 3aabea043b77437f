import { and, eq } from 'drizzle-orm';
import type { TxContext } from '@sede/db/transaction';
import { schema } from '@sede/db/client';
import { defineJob, startJob, wakeJobWorker } from '../../platform/jobs/run.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { sealEnvelope } from './completion.ts';
import type { EnvelopeRow } from './envelopes.ts';

const { signatureEnvelopes: E } = schema;

/** The job that seals an envelope once its last signer signed (decision 0623). */
export const SEALING_JOB = 'esign.seal';
type SealingInput = { envelopeId: string };

export const defineSealingJob = (s: Services) =>
  defineJob<SealingInput, { envelopeId: string }>(s, SEALING_JOB, async ({ input, tenant, progress }) => {
    await sealEnvelope(s, tenant, input.envelopeId, progress);
    return { envelopeId: input.envelopeId };
  });

/**
 * Queues the seal in the transaction that moved the envelope to 'finalizando' (`client`), owned by
 * the envelope's sender so their page follows its progress; wake the worker after the commit.
 */
export async function queueSealing(s: Services, tx: TxContext, envelope: EnvelopeRow) {
  const run = await startJob(s, systemTenant(s, envelope.companyId, 'job', envelope.createdBy), SEALING_JOB, { envelopeId: envelope.id } satisfies SealingInput, tx.client);
  await tx.db.update(E).set({ sealingRunId: run.id }).where(and(eq(E.id, envelope.id), eq(E.companyId, envelope.companyId)));
  return run.id;
}

export const wakeSealing = (s: Services) => wakeJobWorker(s, SEALING_JOB);
