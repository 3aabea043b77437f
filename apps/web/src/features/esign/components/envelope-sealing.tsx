import { useQueryClient } from '@tanstack/react-query';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { LIVE_JOB } from '@sede/shared/platform/live';
import { JobProgressView } from '../../../components/jobs/job-progress.tsx';
import { useLiveEntity } from '../../../lib/live/entity-events.ts';
import { esignKeys } from '../api/keys.ts';

/**
 * The seal being made after the last signature (decision 0623): the sealing job's stage and bar,
 * read again on each of the job's live events (its owner, the sender, gets them; the envelope's
 * own event ends it for everyone).
 */
export function EnvelopeSealing({ envelope }: { envelope: EnvelopeView }) {
  const queryClient = useQueryClient();
  const jobId = envelope.sealing?.jobId;
  useLiveEntity(LIVE_JOB, (e) => {
    if (jobId && e.id === jobId) void queryClient.invalidateQueries({ queryKey: esignKeys.envelope(envelope.id) });
  });
  if (envelope.status !== 'finalizando') return null;
  return (
    <section aria-label="Finalização do documento" className="grid gap-2 rounded-xl border border-teal-200 bg-teal-50 p-4">
      <p className="text-sm text-teal-950">Todos assinaram. O PDF está sendo selado com o certificado de conclusão; os signatários o recebem por e-mail em seguida.</p>
      <JobProgressView title="Finalizando o documento" data={envelope.sealing ?? { status: 'queued', stage: null, done: 0, total: null, message: null, error: null }} />
    </section>
  );
}
