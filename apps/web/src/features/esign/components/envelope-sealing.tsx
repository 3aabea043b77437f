import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { LIVE_JOB } from '@sede/shared/platform/live';
import { JobProgressView } from '../../../components/jobs/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useLiveEntity } from '../../../lib/live/entity-events.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { retrySealing } from '../api/envelope-actions.ts';
import { esignKeys } from '../api/keys.ts';

/**
 * The seal being made after the last signature (decision 0623): the sealing job's stage and bar,
 * read again on each of the job's live events (its owner, the sender, gets them; the envelope's
 * own event ends it for everyone). A failed seal says so, and whoever may act on the envelope
 * starts it again (decision 0721).
 */
export function EnvelopeSealing({ envelope, canWrite }: { envelope: EnvelopeView; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const jobId = envelope.sealing?.jobId;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: esignKeys.envelope(envelope.id) });
  // The job's events heard before the envelope named its job: a seal that failed while the
  // envelope was being read again after the last signature would otherwise never show.
  const heard = useRef(new Set<string>());
  useLiveEntity(LIVE_JOB, (e) => {
    heard.current.add(e.id);
    if (jobId && e.id === jobId) refetch();
  });
  const envelopeId = envelope.id;
  useEffect(() => {
    if (jobId && heard.current.has(jobId)) void queryClient.invalidateQueries({ queryKey: esignKeys.envelope(envelopeId) });
  }, [jobId, envelopeId, queryClient]);
  if (envelope.status !== 'finalizando') return null;
  if (envelope.sealing?.status === 'failed') return <SealingFailed envelope={envelope} canWrite={canWrite} />;
  return (
    <section aria-label="Finalização do documento" className="grid gap-2 rounded-xl border border-teal-200 bg-teal-50 p-4">
      <p className="text-sm text-teal-950">Todos assinaram. O PDF está sendo selado com o certificado de conclusão; os signatários o recebem por e-mail em seguida.</p>
      <JobProgressView title="Finalizando o documento" data={envelope.sealing ?? { status: 'queued', stage: null, done: 0, total: null, message: null, error: null }} />
    </section>
  );
}

export function SealingFailed({ envelope, canWrite }: { envelope: EnvelopeView; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const retry = useSubmit(async () => {
    const next = await retrySealing(envelope.id);
    queryClient.setQueryData(esignKeys.envelope(envelope.id), next);
    toast.success('Finalização reiniciada: o PDF será selado em instantes.');
  }, 'Não foi possível tentar de novo. Recarregue a página e tente outra vez.');
  return (
    <section aria-label="Finalização do documento" className="grid gap-3 rounded-xl border border-red-200 bg-red-50 p-4" data-testid="sealing-failed">
      <div className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-semibold text-red-900">A finalização do documento falhou</p>
          <p className="text-sm text-red-900">
            Todos assinaram e as assinaturas estão guardadas, mas o PDF ainda não foi selado.
            {canWrite ? ' Tente de novo; se falhar outra vez, fale com o suporte.' : ' Peça a quem pode gerenciar o envelope que tente de novo.'}
          </p>
          {envelope.sealing?.error && <p className="text-xs break-words text-red-800">Motivo: {envelope.sealing.error}</p>}
        </div>
      </div>
      {canWrite && (
        <div>
          <Button variant="secondary" onClick={() => void retry.submit()} pending={retry.pending}>
            <RotateCcw aria-hidden /> Tentar novamente
          </Button>
        </div>
      )}
      {retry.error && <p role="alert" className="text-sm text-red-700">{retry.error}</p>}
    </section>
  );
}
