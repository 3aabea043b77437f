import { MessagesSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ANALYSIS_STAGES, type AnalysisStatus } from '@sede/shared/analysis/schemas';
import { SENTIMENT_LABELS, type MeetingView } from '@sede/shared/meetings/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { meetingKeys } from '../api/keys.ts';
import { useMeetings } from '../api/list-meetings.ts';
import { day, SENTIMENT_TONES, scoreTone } from '../components/format.ts';
import { NewMeetingDialog } from '../components/new-meeting-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

function Latest({ m }: { m: MeetingView }) {
  if (!m.latest) return <span className="text-slate-600">Sem análise</span>;
  const { status, qualificationScore, sentiment, version } = m.latest;
  if (status !== 'done') return <span className="text-slate-700">{ANALYSIS_STAGES[status as AnalysisStatus] ?? status}</span>;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {qualificationScore !== null && <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${scoreTone(qualificationScore)}`}>BANT {qualificationScore}/100</span>}
      {sentiment && <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${SENTIMENT_TONES[sentiment]}`}>{SENTIMENT_LABELS[sentiment]}</span>}
      <span className="text-xs text-slate-600">versão {version}</span>
    </span>
  );
}

/** /analise-reunioes: the company's analysed sales meetings (filter ?negocio=<dealId>) and 'Nova reunião'. */
export default function MeetingsPage() {
  const [params] = useUrlParams();
  const dealId = params.get('negocio') ?? '';
  const [creating, setCreating] = useState(false);
  const { data, isPending, isError } = useMeetings(dealId);
  useLiveInvalidate('meeting', meetingKeys.all);
  const meetings = data?.meetings ?? [];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Envie a gravação ou a transcrição de uma reunião de vendas: a IA transcreve e mostra resumo, necessidades, objeções, próximos passos, tempo de fala e a qualificação BANT, e os próximos passos viram atividades do negócio.
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Nova reunião
        </Button>
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

      {isPending ? (
        <Spinner label="Carregando reuniões…" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as reuniões.
        </p>
      ) : meetings.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="Nenhuma reunião analisada"
          description="Escolha um negócio do CRM, envie a gravação (MP3, M4A, WAV, OGG ou WebM, até 2 horas) ou a transcrição (TXT, VTT ou SRT) e receba a análise da reunião."
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> Analisar a primeira reunião
            </Button>
          }
        />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Reuniões</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Reunião
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Negócio
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Data
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Análise
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {meetings.map((m) => (
                  <tr key={m.id} className="hover:bg-slate-50">
                    <td className="px-4 py-2">
                      <Link to={`/analise-reunioes/${m.id}`} className="font-medium text-[var(--color-accent)] hover:underline">
                        {m.title}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{m.dealTitle}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{day(m.occurredOn)}</td>
                    <td className="px-4 py-2">
                      <Latest m={m} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 md:hidden" aria-label="Reuniões">
            {meetings.map((m) => (
              <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-3">
                <Link to={`/analise-reunioes/${m.id}`} className="font-medium text-[var(--color-accent)] hover:underline">
                  {m.title}
                </Link>
                <p className="mt-1 text-sm text-slate-700">
                  {m.dealTitle} · {day(m.occurredOn)}
                </p>
                <div className="mt-2 text-sm">
                  <Latest m={m} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
