import { AlertTriangle, Star } from 'lucide-react';
import type { InterviewAnalysisResult } from '@sede/shared/recruiting/schemas';
import { ResultSection } from '../../../components/analysis/result-section.tsx';
import { clock, QuoteBlock } from '../../../components/analysis/quote-block.tsx';
import { RecommendationBadge } from './badges.tsx';
import { analysisSourceSentence } from '../../../components/analysis/analysis-source.ts';

const place = (p: { segmentSpeaker: string | null; at: number | null }, speaker?: string | null) => [speaker ?? p.segmentSpeaker, p.at !== null ? `em ${clock(p.at)}` : null];

/** An interview's analysis: recommendation, competencies with quoted evidence, red flags, and the transcript with its speakers. */
export function InterviewResult({ result }: { result: InterviewAnalysisResult }) {
  const { transcript } = result;
  return (
    <div className="grid grid-cols-1 gap-5" data-testid="interview-result">
      <ResultSection title="Recomendação">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <RecommendationBadge value={result.recommendation} />
          <p className="mt-2 text-sm text-slate-800">{result.recommendationWhy}</p>
        </div>
      </ResultSection>
      <ResultSection title="Resumo">
        <p className="text-sm leading-relaxed text-slate-800">{result.summary}</p>
      </ResultSection>
      <ResultSection title={`Competências avaliadas (${result.competencies.length})`}>
        <ul className="grid gap-3">
          {result.competencies.map((c) => (
            <li key={c.name} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-slate-900">{c.name}</span>
                <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Nota ${c.rating} de 5`}>
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} className={`size-3.5 ${n <= c.rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`} aria-hidden />
                  ))}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-800">{c.assessment}</p>
              {c.evidence.map((e) => (
                <QuoteBlock key={e.quote} quote={e.quote} place={place(e, e.speaker)} found={e.found} />
              ))}
            </li>
          ))}
        </ul>
      </ResultSection>
      <ResultSection title={`Sinais de alerta (${result.redFlags.length})`} empty={result.redFlags.length === 0 && 'Nenhum sinal de alerta.'}>
        <ul className="grid gap-3">
          {result.redFlags.map((f) => (
            <li key={f.title} className="rounded-lg border border-amber-200 bg-amber-50 p-3">
              <p className="flex items-center gap-1 text-sm font-semibold text-amber-950">
                <AlertTriangle className="size-4" aria-hidden /> {f.title}
              </p>
              <p className="mt-1 text-sm text-slate-800">{f.why}</p>
              {f.quote && <QuoteBlock quote={f.quote} place={place(f)} found={f.found} />}
            </li>
          ))}
        </ul>
      </ResultSection>
      <ResultSection title="Transcrição">
        {transcript.speakersInferred && (
          <p className="rounded-lg border border-sky-200 bg-sky-50 p-2 text-sm text-sky-950" data-testid="speakers-inferred">
            Os falantes foram identificados automaticamente pela transcrição da gravação: confira os nomes.
          </p>
        )}
        {transcript.segments.length > 0 ? (
          <ol className="grid max-h-[28rem] gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm" aria-label="Falas da entrevista">
            {transcript.segments.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's lines never reorder
              <li key={i}>
                <span className="font-semibold text-slate-900">{s.speaker ?? 'Falante'}</span>
                {s.start !== null && <span className="ml-2 text-xs text-slate-600 tabular-nums">{clock(s.start)}</span>}
                <p className="text-slate-800">{s.text}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="whitespace-pre-wrap rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800">{transcript.text}</p>
        )}
        {!transcript.speakersInferred && transcript.segments.length === 0 && <p className="text-xs text-slate-600">O arquivo não identifica quem fala: a transcrição aparece como texto corrido.</p>}
      </ResultSection>
      <p className="text-xs text-slate-600">
        {analysisSourceSentence(result.source)} Use-a como apoio: a decisão é de quem recruta.
      </p>
    </div>
  );
}
