import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, History, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ANALYSIS_STAGES } from '@sede/shared/analysis/schemas';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { entityFilesQueryOptions } from '../../../components/files/files-api.ts';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
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
  const { company } = useAuth();
  const meeting = useMeeting(id);
  const analyses = useAnalyses(id);
  const files = useQuery(entityFilesQueryOptions('meeting', id));
  useLiveInvalidate('meeting', meetingKeys.meeting(id));
  const [fileId, setFileId] = useState('');
  const [shown, setShown] = useState<string | null>(null);

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
  const material = (files.data ?? []).filter((f) => analysable(f.mime, f.name));
  const chosenFile = fileId || material[0]?.id || '';
  const list = analyses.data?.analyses ?? [];
  const running = list.find((a) => a.status !== 'done' && a.status !== 'failed');
  const current = list.find((a) => a.id === shown) ?? list.find((a) => a.status === 'done') ?? list[0];

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

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Análise com IA
          </CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          {material.length === 0 ? (
            <p className="text-sm text-slate-600">
              Envie a gravação ou a transcrição da reunião acima para analisá-la: resumo, participantes, necessidades e dores, objeções, próximos passos, tempo de fala, qualificação BANT e sentimento.
            </p>
          ) : (
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm font-medium">
                Arquivo a analisar
                <select className={`${inputClass} max-w-72`} value={chosenFile} onChange={(e) => setFileId(e.target.value)}>
                  {material.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.name}
                    </option>
                  ))}
                </select>
              </label>
              <PaidActionButton
                action="ai.meeting_analysis"
                balance={company?.currency_amount}
                successMessage="Análise iniciada. As moedas só são cobradas se ela terminar."
                run={async () => {
                  const a = await startAnalysis(m.id, chosenFile);
                  setShown(a.id);
                  await qc.invalidateQueries({ queryKey: meetingKeys.all });
                  return { charged: 0, balance: company?.currency_amount ?? 0 };
                }}
              />
            </div>
          )}

          {running?.jobRunId && (
            <JobProgress
              jobId={running.jobRunId}
              title={`Análise versão ${running.version} · ${running.fileName ?? ''}`}
              onFinished={(job) => {
                // The meeting, its versions and the list's latest score.
                void qc.invalidateQueries({ queryKey: meetingKeys.all });
                if (job.status === 'failed') toast.error(`${job.error ?? 'A análise falhou.'} Nenhuma moeda foi cobrada.`);
              }}
            />
          )}

          {list.length > 0 && (
            <div className="grid gap-2">
              <h3 className="flex items-center gap-1 text-sm font-semibold text-slate-900">
                <History className="size-4" aria-hidden /> Versões
              </h3>
              <ul className="flex flex-wrap gap-2">
                {list.map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      onClick={() => setShown(a.id)}
                      aria-pressed={current?.id === a.id}
                      className={`rounded-lg border px-3 py-1.5 text-left text-xs ${current?.id === a.id ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)]' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
                    >
                      <span className="block font-semibold">
                        Versão {a.version} · {ANALYSIS_STAGES[a.status]}
                      </span>
                      <span className="block text-slate-600">
                        {when(a.createdAt)} · {a.fileName ?? 'arquivo excluído'}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}

          {current?.status === 'failed' && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              A versão {current.version} falhou: {current.error} Nenhuma moeda foi cobrada.
            </p>
          )}
          {current?.status === 'done' && current.result && <MeetingResult key={current.id} analysis={current} meetingId={m.id} />}
        </CardContent>
      </Card>
    </div>
  );
}
