import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { AnalysisFailure, AnalysisVersions, currentAnalysis } from '../../../components/analysis/analysis-versions.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { entityFilesQueryOptions } from '../../../components/files/files-api.ts';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { deleteInterview } from '../api/delete-interview.ts';
import { useInterview } from '../api/get-interview.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useInterviewAnalyses } from '../api/list-interview-analyses.ts';
import { startInterviewAnalysis } from '../api/start-interview-analysis.ts';
import { InterviewResult } from '../components/interview-result.tsx';
import { when } from '../components/format.ts';

const analysable = (mime: string) => /^(text\/|audio\/|video\/webm)/.test(mime);

/** /rh/analise-entrevistas/:id — :id is the interview: its consent, files, analysis versions (live stages) and result (decision 0225). */
export default function InterviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { company } = useAuth();
  const interview = useInterview(id);
  const analyses = useInterviewAnalyses(id);
  const files = useQuery(entityFilesQueryOptions('interview', id));
  // The list, this interview and its analyses share the key's root: a change refreshes them all.
  useLiveInvalidate('interview', recruitingKeys.interviews);
  const [shown, setShown] = useState<string | null>(null);
  const [fileId, setFileId] = useState('');
  const [deleting, setDeleting] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: recruitingKeys.interviews });

  if (interview.isPending) return <Spinner label="Carregando a entrevista…" />;
  if (interview.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-700">
          {interview.error instanceof ApiError && interview.error.status === 404 ? 'Entrevista não encontrada.' : 'Não foi possível carregar a entrevista.'}
        </p>
        <Link to="/rh/analise-entrevistas" className="text-sm text-[var(--color-accent)] underline">
          Voltar às entrevistas
        </Link>
      </div>
    );
  }
  const i = interview.data;
  const list = analyses.data?.analyses ?? [];
  const running = list.find((a) => a.status !== 'done' && a.status !== 'failed');
  const current = currentAnalysis(list, shown);
  const usable = (files.data ?? []).filter((f) => analysable(f.mime));
  const chosen = fileId || usable[0]?.id || '';

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Link to="/rh/analise-entrevistas" className="flex w-fit items-center gap-1 text-sm text-[var(--color-accent)] hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Entrevistas
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Entrevista de {i.candidateName}</h2>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden /> Excluir
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Vaga:{' '}
        <Link to={`/rh/analise-curriculos/${i.openingId}?candidato=${i.candidateId}`} className="font-medium text-[var(--color-accent)] hover:underline">
          {i.openingTitle}
        </Link>
      </p>
      <p className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Consentimento confirmado por {i.consentByName ?? 'um membro que saiu da empresa'} em {when(i.consentAt)}: “{i.consentText}”
        </span>
      </p>
      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Excluir a entrevista?"
        description="A gravação ou transcrição e as análises desta entrevista são excluídas de vez. Esta ação não pode ser desfeita."
        failureMessage="Não foi possível excluir a entrevista."
        onConfirm={async () => {
          await deleteInterview(i.id);
          await queryClient.invalidateQueries({ queryKey: recruitingKeys.interviews });
          toast.success('Entrevista excluída.');
          void navigate('/rh/analise-entrevistas');
        }}
      />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Análise com IA
          </CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          {running?.jobRunId && (
            <JobProgress
              jobId={running.jobRunId}
              title={`Análise versão ${running.version} · ${running.fileName ?? ''}`}
              onFinished={(job) => {
                refresh();
                if (job.status === 'failed') toast.error(`${job.error ?? 'A análise falhou.'} Nenhuma moeda foi cobrada.`);
              }}
            />
          )}
          <AnalysisVersions analyses={list} currentId={current?.id} onSelect={setShown} />
          {current?.status === 'failed' && <AnalysisFailure analysis={current} />}
          {current?.status === 'done' && current.result && <InterviewResult key={current.id} result={current.result} />}
          {usable.length > 0 && (
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm font-medium">
                Arquivo a analisar
                <select className={`${inputClass} max-w-72`} value={chosen} onChange={(e) => setFileId(e.target.value)}>
                  {usable.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.name}
                    </option>
                  ))}
                </select>
              </label>
              <PaidActionButton
                action="ai.interview_analysis"
                verb={list.length ? 'Analisar de novo' : 'Analisar entrevista'}
                variant="secondary"
                balance={company?.currency_amount}
                successMessage="Análise iniciada. As moedas só são cobradas se ela terminar."
                run={async () => {
                  const a = await startInterviewAnalysis(i.id, chosen);
                  setShown(a.id);
                  refresh();
                  return { charged: 0, balance: company?.currency_amount ?? 0 };
                }}
              />
            </div>
          )}
        </CardContent>
      </Card>
      <FileManager entityType="interview" entityId={i.id} kinds={['document', 'audio']} title="Gravação e transcrição" emptyText="Nenhum arquivo. Arraste a gravação ou a transcrição (TXT, VTT, SRT) para cá." />
    </div>
  );
}
