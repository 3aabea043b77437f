import { MessagesSquare, } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ANALYSIS_STAGES, type AnalysisStatus } from '@sede/shared/analysis/schemas';
import { SENTIMENT_LABELS, type MeetingView } from '@sede/shared/meetings/schemas';
import { day } from '@sede/shared/format';
import { Badge, scoreBandTone } from '../../../components/ui/badge.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { meetingKeys } from '../api/keys.ts';
import { useMeetings } from '../api/list-meetings.ts';
import { SENTIMENT_TONES } from '../components/tones.ts';
import { NewMeetingDialog } from '../components/new-meeting-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';

function Latest({ m }: { m: MeetingView }) {
  if (!m.latest) return <span className="text-slate-600">Sem análise</span>;
  const { status, qualificationScore, sentiment, version } = m.latest;
  if (status !== 'done') return <span className="text-slate-700">{ANALYSIS_STAGES[status as AnalysisStatus] ?? status}</span>;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {qualificationScore !== null && <Badge tone={scoreBandTone(qualificationScore)}>BANT {qualificationScore}/100</Badge>}
      {sentiment && <Badge tone={SENTIMENT_TONES[sentiment]}>{SENTIMENT_LABELS[sentiment]}</Badge>}
      <span className="text-xs text-slate-600">versão {version}</span>
    </span>
  );
}

const columns: DataColumn<MeetingView>[] = [
  {
    id: 'title',
    header: 'Reunião',
    card: 'title',
    cell: (m) => <RecordLink to={`/analise-reunioes/${m.id}`}>{m.title}</RecordLink>,
  },
  { id: 'deal', header: 'Negócio', card: 'subtitle', cell: (m) => m.dealTitle },
  { id: 'date', header: 'Data', className: 'whitespace-nowrap', cell: (m) => day(m.occurredOn) },
  { id: 'analysis', header: 'Análise', cell: (m) => <Latest m={m} /> },
];

/** /analise-reunioes: the company's analysed sales meetings (filter ?negocio=<dealId>) and 'Nova reunião'. */
export default function MeetingsPage() {
  const [params] = useUrlParams();
  const dealId = params.get('negocio') ?? '';
  const [creating, setCreating] = useState(false);
  const query = useMeetings(dealId);
  useLiveInvalidate('meeting', meetingKeys.all);

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Envie a gravação ou a transcrição de uma reunião de vendas: a IA transcreve e mostra resumo, necessidades, objeções, próximos passos, tempo de fala e a qualificação BANT, e os próximos passos viram atividades do negócio.
        </p>
        <AddButton onClick={() => setCreating(true)}>Nova reunião</AddButton>
      </div>
      {dealId && (
        <p className="text-sm text-slate-700">
          Reuniões de um negócio.{' '}
          <Link to="/analise-reunioes" className="text-[var(--color-accent)] underline">
            Ver todas
          </Link>
        </p>
      )}
      {creating && <NewMeetingDialog open={creating} onOpenChange={setCreating} dealId={dealId} />}

      <DataList label="Reuniões" rows={query.data?.meetings ?? []} columns={columns} query={query} states={listStates(MessagesSquare, 'as reuniões', {
        title: 'Nenhuma reunião analisada',
        description: 'Escolha um negócio do CRM, envie a gravação (MP3, M4A, WAV, OGG ou WebM, até 2 horas) ou a transcrição (TXT, VTT ou SRT) e receba a análise da reunião.',
        action: <AddButton onClick={() => setCreating(true)}>Analisar a primeira reunião</AddButton>,
      })} />
    </div>
  );
}
