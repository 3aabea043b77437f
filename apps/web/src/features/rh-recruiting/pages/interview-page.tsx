import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { AnalysisCard } from '../../../components/analysis/analysis-panel.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
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
  const interview = useInterview(id);
  const analyses = useInterviewAnalyses(id);
  // The list, this interview and its analyses share the key's root: a change refreshes them all.
  useLiveInvalidate('interview', recruitingKeys.interviews);
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

      <AnalysisCard
        entityType="interview"
        entityId={i.id}
        accepts={(f) => analysable(f.mime)}
        analyses={analyses.data?.analyses ?? []}
        action="ai.interview_analysis"
        verbs={{ first: 'Analisar entrevista', again: 'Analisar de novo' }}
        variant="secondary"
        start={(fileId) => startInterviewAnalysis(i.id, fileId)}
        refresh={refresh}
        result={(a) => <InterviewResult result={a.result} />}
        chooserLast
      />
      <FileManager entityType="interview" entityId={i.id} kinds={['document', 'audio']} title="Gravação e transcrição" emptyText="Nenhum arquivo. Arraste a gravação ou a transcrição (TXT, VTT, SRT) para cá." />
    </div>
  );
}
