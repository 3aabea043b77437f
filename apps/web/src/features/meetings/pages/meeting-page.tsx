import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { AnalysisCard } from '../../../components/analysis/analysis-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useMeeting } from '../api/get-meeting.ts';
import { meetingKeys } from '../api/keys.ts';
import { useAnalyses } from '../api/list-analyses.ts';
import { startAnalysis } from '../api/start-analysis.ts';
import { day, when } from '../components/format.ts';
import { MeetingResult } from '../components/meeting-result.tsx';

/** Recordings and transcripts the analysis reads. */
const analysable = (mime: string, name: string) => /^audio\/|^video\/webm|^text\/plain/.test(mime) || /\.(vtt|srt)$/i.test(name);

/** /analise-reunioes/:id — :id is the meeting (decision 0231): its files, its analysis versions with live stages, the structured result. */
export default function MeetingPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const meeting = useMeeting(id);
  const analyses = useAnalyses(id);
  useLiveInvalidate('meeting', meetingKeys.meeting(id));

  if (meeting.isPending) return <Spinner label="Carregando a reunião…" />;
  if (meeting.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-700">
          {meeting.error instanceof ApiError && meeting.error.status === 404 ? 'Reunião não encontrada.' : 'Não foi possível carregar a reunião.'}
        </p>
        <Link to="/analise-reunioes" className="text-sm text-[var(--color-accent)] underline">
          Voltar às reuniões
        </Link>
      </div>
    );
  }
  const m = meeting.data;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Link to="/analise-reunioes" className="flex w-fit items-center gap-1 text-sm text-[var(--color-accent)] hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Reuniões
      </Link>
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">{m.title}</h2>
        <p className="text-sm text-slate-700">
          Negócio:{' '}
          <Link to={`/kanban-leads?negocio=${m.dealId}`} className="text-[var(--color-accent)] underline">
            {m.dealTitle}
          </Link>{' '}
          · {day(m.occurredOn)}
        </p>
        <p className="text-xs text-slate-600">
          Consentimento das pessoas gravadas confirmado{m.consentByName ? ` por ${m.consentByName}` : ''} em {when(m.consentAt)}.
        </p>
      </div>

      <FileManager
        entityType="meeting"
        entityId={m.id}
        kinds={['audio', 'document']}
        title="Gravação ou transcrição"
        emptyText="Nenhum arquivo. Arraste a gravação (MP3, M4A, WAV, OGG ou WebM, até 2 horas) ou a transcrição (TXT, VTT ou SRT) para cá."
      />

      <AnalysisCard
        entityType="meeting"
        entityId={m.id}
        accepts={(f) => analysable(f.mime, f.name)}
        analyses={analyses.data?.analyses ?? []}
        action="ai.meeting_analysis"
        start={(fileId) => startAnalysis(m.id, fileId)}
        // The meeting, its versions and the list's latest score.
        refresh={() => qc.invalidateQueries({ queryKey: meetingKeys.all })}
        result={(a) => <MeetingResult analysis={a} meetingId={m.id} />}
        noFileHint={
          <p className="text-sm text-slate-600">
            Envie a gravação ou a transcrição da reunião acima para analisá-la: resumo, participantes, necessidades e dores, objeções, próximos passos, tempo de fala, qualificação BANT e sentimento.
          </p>
        }
      />
    </div>
  );
}
