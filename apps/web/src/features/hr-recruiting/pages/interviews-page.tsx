import { MessagesSquare } from 'lucide-react';
import { dateTime } from '@sede/shared/format';
import { ANALYSIS_STAGES, type AnalysisStatus } from '@sede/shared/analysis/schemas';
import type { InterviewView } from '@sede/shared/recruiting/schemas';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useInterviews } from '../api/list-interviews.ts';
import { RecommendationBadge } from '../components/badges.tsx';
import { NewInterview } from '../components/new-interview.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';

const status = (s: string | null) => (s ? ANALYSIS_STAGES[s as AnalysisStatus] : 'Sem análise');

const columns: DataColumn<InterviewView>[] = [
  { id: 'candidate', header: 'Candidato', card: 'title', cell: (i) => <RecordLink to={`/rh/analise-entrevistas/${i.id}`}>{i.candidateName}</RecordLink> },
  { id: 'opening', header: 'Vaga', card: 'subtitle', cell: (i) => i.openingTitle },
  { id: 'sent', header: 'Enviada em', cell: (i) => dateTime(i.createdAt) },
  { id: 'recommendation', header: 'Recomendação', card: 'badge', cell: (i) => (i.recommendation ? <RecommendationBadge value={i.recommendation} /> : <span className="text-xs text-slate-700 md:text-sm">{status(i.analysisStatus)}</span>) },
];

/** /rh/analise-entrevistas: the interviews analysed (recommendation, status) and a new one. */
export default function InterviewsPage() {
  const query = useInterviews();
  useLiveInvalidate('interview', recruitingKeys.interviews);
  return (
    <div className="grid min-w-0 gap-4">
      <p className="max-w-2xl text-sm text-slate-600">
        Envie a gravação ou a transcrição de uma entrevista: a IA mostra a transcrição com quem falou, avalia as competências da vaga com trechos como evidência, aponta sinais de alerta e recomenda avançar ou não.
      </p>
      <NewInterview />
      <section className="grid gap-2" aria-label="Entrevistas analisadas">
        <h3 className="text-base font-semibold text-slate-900">Entrevistas</h3>
        <DataList label="Entrevistas" rows={query.data?.interviews ?? []} columns={columns} query={query} states={listStates(MessagesSquare, 'as entrevistas', {
          title: 'Nenhuma entrevista analisada',
          description: 'Escolha a vaga e o candidato acima, envie a gravação ou a transcrição e confirme o consentimento da pessoa entrevistada.',
        })} />
      </section>
    </div>
  );
}
