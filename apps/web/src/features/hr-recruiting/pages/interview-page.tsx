import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { dateTime } from '@sede/shared/format';
import type { InterviewView } from '@sede/shared/recruiting/schemas';
import { AnalysisCard } from '../../../components/analysis/analysis-panel.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { ConfirmDeleteDialog, useDeletion } from '../../../components/ui/confirm-delete-dialog.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { deleteInterview } from '../api/delete-interview.ts';
import { useInterview } from '../api/get-interview.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useInterviewAnalyses } from '../api/list-interview-analyses.ts';
import { startInterviewAnalysis } from '../api/start-interview-analysis.ts';
import { InterviewResult } from '../components/interview-result.tsx';
import { RecordActions } from '../../../components/ui/record-actions.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';

const analysable = (mime: string) => /^(text\/|audio\/|video\/webm)/.test(mime);

/** /rh/analise-entrevistas/:id — :id is the interview: its consent, files, analysis versions (live stages) and result (decision 0225). */
export default function InterviewPage() {
  const { id = '' } = useParams();
  const interview = useInterview(id);
  // The list, this interview and its analyses share the key's root: a change refreshes them all.
  useLiveInvalidate('interview', recruitingKeys.interviews);

  return (
    <RecordStates query={interview} loading="Carregando a entrevista…" notFound="Entrevista não encontrada." failed="Não foi possível carregar a entrevista." back={{ to: '/rh/analise-entrevistas', label: 'Voltar às entrevistas' }}>
      {(i) => <Interview i={i} />}
    </RecordStates>
  );
}

function Interview({ i }: { i: InterviewView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const analyses = useInterviewAnalyses(i.id);
  const deletion = useDeletion({
    remove: () => deleteInterview(i.id),
    refresh: () => refreshQueries(queryClient, recruitingKeys.interviews),
    done: 'Entrevista excluída.',
    leave: () => void navigate('/rh/analise-entrevistas'),
  });
  const refresh = () => void refreshQueries(queryClient, recruitingKeys.interviews);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <DetailHeader
        back={{ to: '/rh/analise-entrevistas', label: 'Entrevistas' }}
        title={`Entrevista de ${i.candidateName}`}
        actions={<RecordActions onDelete={deletion.ask} />}
        subtitle={
          <>
            Vaga:{' '}
            <RecordLink to={`/rh/analise-curriculos/${i.openingId}?candidato=${i.candidateId}`}>{i.openingTitle}</RecordLink>
          </>
        }
      />
      <p className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Consentimento confirmado por {i.consentByName ?? 'um membro que saiu da empresa'} em {dateTime(i.consentAt)}: “{i.consentText}”
        </span>
      </p>
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title="Excluir a entrevista?"
        description="A gravação ou transcrição e as análises desta entrevista são excluídas de vez. Esta ação não pode ser desfeita."
        failureMessage="Não foi possível excluir a entrevista."
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
