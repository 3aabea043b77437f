import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { day } from '@sede/shared/format';
import { toast } from '../../../lib/toast.ts';
import { BANT_CRITERIA, BANT_LABELS, HANDLING_LABELS, SENTIMENT_LABELS, SIDE_LABELS, type Handling, type MeetingAnalysisResult, type MeetingAnalysisView } from '@sede/shared/meetings/schemas';
import { analysisSourceSentence } from '../../../components/analysis/analysis-source.ts';
import { ResultSection } from '../../../components/analysis/result-section.tsx';
import { Badge, scoreBandTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ReportTable } from '../../../components/ui/report-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmSteps } from '../api/confirm-steps.ts';
import { meetingKeys } from '../api/keys.ts';
import { SENTIMENT_TONES } from './tones.ts';
import { SpeakerNames } from './speaker-names.tsx';
import { TalkTimeChart } from './talk-time.tsx';

/** A transcript line's time: '02:05'. */
const clock = (sec: number) => `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

const HANDLING_TONES: Record<Handling, string> = { bem: 'bg-emerald-100 text-emerald-900', parcial: 'bg-amber-100 text-amber-900', nao: 'bg-red-100 text-red-900' };

function Quote({ text, found }: { text: string | null; found: boolean }) {
  if (!text) return null;
  return (
    <blockquote className="border-l-4 border-slate-300 pl-3 text-sm italic text-slate-700">
      “{text}”{!found && <span className="ml-1 text-xs not-italic text-slate-600">(trecho não localizado literalmente na transcrição)</span>}
    </blockquote>
  );
}

/** Needs or pains: each with the quote it came from. */
function QuotedList({ title, items, empty }: { title: string; items: MeetingAnalysisResult['needs']; empty: string }) {
  return (
    <ResultSection title={title} empty={items.length === 0 && empty}>
      <ul className="grid gap-2">
        {items.map((n) => (
          <li key={n.description} className="grid gap-1 text-sm">
            {n.description}
            <Quote text={n.quote} found={n.found} />
          </li>
        ))}
      </ul>
    </ResultSection>
  );
}

/** One analysis version as a structured page: sections in a fixed order (decision 0232). */
export function MeetingResult({ analysis, meetingId }: { analysis: MeetingAnalysisView; meetingId: string }) {
  const r = analysis.result!;
  const qc = useQueryClient();
  const created = new Set(analysis.createdTasks.map((t) => t.stepIndex));
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(r.nextSteps.map((_, i) => i).filter((i) => !created.has(i))));
  const [pending, setPending] = useState(false);
  const open = r.nextSteps.map((_, i) => i).filter((i) => !created.has(i));

  return (
    <div className="grid gap-6">
      <ResultSection title="Resumo">
        <p className="text-sm text-slate-800">{r.summary}</p>
        <div className="flex flex-wrap gap-2">
          <Badge tone={scoreBandTone(r.qualification.score)}>Qualificação BANT: {r.qualification.score}/100</Badge>
          <Badge tone={SENTIMENT_TONES[r.sentiment.overall]}>Sentimento: {SENTIMENT_LABELS[r.sentiment.overall]}</Badge>
        </div>
        <p className="text-sm text-slate-700">{r.sentiment.explanation}</p>
      </ResultSection>

      <ResultSection title="Participantes">
        {r.participants.length === 0 ? (
          <p className="text-sm text-slate-600">A análise não identificou os participantes.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {r.participants.map((p) => (
              <li key={`${p.name}-${p.side}`}>
                <span className="font-medium">{p.name}</span>
                {p.role ? ` · ${p.role}` : ''} <span className="text-slate-600">({SIDE_LABELS[p.side]})</span>
              </li>
            ))}
          </ul>
        )}
        {r.speakersInferred && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
            Esta reunião veio de uma gravação: os falantes foram separados pela IA a partir da fala e podem conter erros. Em “Tempo de fala”, dê o nome de cada um.
          </p>
        )}
      </ResultSection>

      <div className="grid gap-6 md:grid-cols-2">
        <QuotedList title="Necessidades" items={r.needs} empty="Nenhuma necessidade identificada." />
        <QuotedList title="Dores" items={r.pains} empty="Nenhuma dor identificada." />
      </div>

      <ResultSection title="Objeções e como foram tratadas" empty={r.objections.length === 0 && 'Nenhuma objeção levantada.'}>
        <ul className="grid gap-2">
          {r.objections.map((o) => (
            <li key={o.objection} className="grid gap-1 rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{o.objection}</span>
                <Badge tone={HANDLING_TONES[o.handling]}>{HANDLING_LABELS[o.handling]}</Badge>
              </div>
              <p className="text-slate-700">Resposta: {o.response ?? 'sem resposta na reunião'}</p>
              <Quote text={o.quote} found={o.found} />
            </li>
          ))}
        </ul>
      </ResultSection>

      <ResultSection title="Próximos passos" empty={r.nextSteps.length === 0 && 'Nenhum próximo passo combinado.'}>
        <form
          className="grid gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            setPending(true);
            try {
              const res = await confirmSteps(analysis.id, [...chosen].filter((i) => !created.has(i)));
              toast.success(res.tasks.length === 1 ? '1 atividade criada no negócio.' : `${res.tasks.length} atividades criadas no negócio.`);
              await qc.invalidateQueries({ queryKey: meetingKeys.analyses(meetingId) });
            } catch (err) {
              toast.error(err instanceof ApiError ? err.message : 'Não foi possível criar as atividades.');
            } finally {
              setPending(false);
            }
          }}
        >
          <ul className="grid gap-2">
            {r.nextSteps.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position in the stored result (the confirmation sends it)
              <li key={i} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
                {created.has(i) ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
                ) : (
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4"
                    aria-label={`Criar atividade: ${n.description}`}
                    checked={chosen.has(i)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(i);
                      else next.delete(i);
                      setChosen(next);
                    }}
                  />
                )}
                <span className="grid gap-0.5">
                  <span className="font-medium">{n.description}</span>
                  <span className="text-slate-700">
                    Responsável: {n.ownerMember ?? n.owner ?? 'não definido'}
                    {n.owner && !n.ownerMember ? ' (não é membro da equipe: a atividade fica com quem confirmar)' : ''} · Prazo: {n.dueDate ? day(n.dueDate) : 'sem data'}
                  </span>
                  {created.has(i) && <span className="text-xs font-medium text-emerald-800">Atividade criada no negócio</span>}
                </span>
              </li>
            ))}
          </ul>
          {open.length > 0 && (
            <div>
              <Button type="submit" pending={pending} disabled={[...chosen].filter((i) => !created.has(i)).length === 0}>
                Criar atividades no negócio
              </Button>
            </div>
          )}
        </form>
      </ResultSection>

      <div className="grid gap-6 md:grid-cols-2">
        <ResultSection title="Tempo de fala">
          {r.talkTime.length ? <TalkTimeChart rows={r.talkTime} estimated={r.talkTimeEstimated} /> : <p className="text-sm text-slate-600">Sem falas para medir.</p>}
          <SpeakerNames analysisId={analysis.id} meetingId={meetingId} result={r} />
        </ResultSection>
        <ResultSection title="Qualificação (método BANT)">
          <p className="text-xs text-slate-600">BANT: orçamento, autoridade, necessidade e prazo, de 0 a 25 pontos cada; a nota é a soma (0 a 100).</p>
          <ReportTable
            caption="Critérios BANT"
            rows={BANT_CRITERIA}
            rowKey={(k) => k}
            columns={[
              { header: 'Critério', cell: (k) => BANT_LABELS[k] },
              { header: 'Pontos', align: 'right', cell: (k) => `${r.qualification.criteria[k].score}/25` },
              { header: 'Evidência', className: 'text-slate-700', cell: (k) => r.qualification.criteria[k].evidence },
            ]}
            footer={['Total', `${r.qualification.score}/100`, null]}
          />
        </ResultSection>
      </div>

      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">Transcrição ({r.transcript.length} falas)</summary>
        <ol className="mt-2 grid max-h-96 gap-1 overflow-y-auto text-sm">
          {r.transcript.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the transcript never reorders; two lines may repeat text and time
            <li key={i}>
              {x.start !== null && <span className="mr-1 text-xs tabular-nums text-slate-600">{clock(x.start)}</span>}
              <span className="font-medium">{x.speaker}:</span> {x.text}
            </li>
          ))}
        </ol>
      </details>
      <p className="text-xs text-slate-600">{analysisSourceSentence(r.source)} Use-a como apoio: quem conhece o cliente decide os próximos passos.</p>
    </div>
  );
}
