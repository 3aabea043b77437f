import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { dateTime, day } from '@sede/shared/format';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { AnalysisCard } from '../../../components/analysis/analysis-panel.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { RecordStates } from '../../../components/ui/record-states.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useMeeting } from '../api/get-meeting.ts';
import { meetingKeys } from '../api/keys.ts';
import { useAnalyses } from '../api/list-analyses.ts';
import { startAnalysis } from '../api/start-analysis.ts';
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

  return (
    <RecordStates query={meeting} loading="Carregando a reunião…" notFound="Reunião não encontrada." failed="Não foi possível carregar a reunião." back={{ to: '/analise-reunioes', label: 'Voltar às reuniões' }}>
      {(m) => (
        <div className="grid min-w-0 grid-cols-1 gap-4">
          <DetailHeader
            back={{ to: '/analise-reunioes', label: 'Reuniões' }}
            title={m.title}
            subtitle={
              <>
                Negócio:{' '}
                <Link to={`/kanban-leads?negocio=${m.dealId}`} className="text-[var(--color-accent)] underline">
                  {m.dealTitle}
                </Link>{' '}
                · {day(m.occurredOn)}
              </>
            }
          />
          <p className="text-xs text-slate-600">
            Consentimento das pessoas gravadas confirmado{m.consentByName ? ` por ${m.consentByName}` : ''} em {dateTime(m.consentAt)}.
          </p>

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
      )}
    </RecordStates>
  );
}
