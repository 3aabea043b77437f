import { CheckCircle2, CircleAlert, MinusCircle } from 'lucide-react';
import { REQUIREMENT_MET_LABELS, type ResumeAnalysisResult } from '@sede/shared/recruiting/schemas';
import { ResultSection } from '../../../components/analysis/result-section.tsx';
import { QuoteBlock } from '../../../components/analysis/quote-block.tsx';
import { ScoreBadge } from './badges.tsx';
import { analysisSourceSentence } from '../../../components/analysis/analysis-source.ts';
import { FindingList } from '../../../components/analysis/finding-list.tsx';

const MET_ICON = { sim: CheckCircle2, parcial: MinusCircle, nao: CircleAlert } as const;
const MET_TONE = { sim: 'text-emerald-800', parcial: 'text-amber-800', nao: 'text-red-800' } as const;

/** A résumé's analysis: the fit score, summary, strengths with their evidence, gaps, and each requirement. */
export function ResumeResult({ result }: { result: ResumeAnalysisResult }) {
  return (
    <div className="grid grid-cols-1 gap-5" data-testid="resume-result">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium text-slate-700">Aderência à vaga</span>
        <ScoreBadge score={result.score} />
        <div className="h-2 w-40 overflow-hidden rounded-full bg-slate-200" role="img" aria-label={`Nota ${result.score} de 100`}>
          <div className="h-full bg-[var(--color-accent)]" style={{ width: `${result.score}%` }} />
        </div>
      </div>
      <ResultSection title="Resumo">
        <p className="text-sm leading-relaxed text-slate-800">{result.summary}</p>
      </ResultSection>
      <ResultSection title={`Pontos fortes (${result.strengths.length})`} empty={result.strengths.length === 0 && 'Nenhum ponto forte para esta vaga.'}>
        <ul className="grid gap-3">
          {result.strengths.map((s) => (
            <li key={`${s.title}:${s.quote}`} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="text-sm font-semibold text-slate-900">{s.title}</p>
              <p className="mt-1 text-sm text-slate-800">{s.why}</p>
              <QuoteBlock quote={s.quote} place={[s.location, s.page ? `página ${s.page}` : null]} found={s.found} />
            </li>
          ))}
        </ul>
      </ResultSection>
      <ResultSection title={`Lacunas (${result.gaps.length})`} empty={result.gaps.length === 0 && 'Nenhuma lacuna encontrada.'}>
        <FindingList icon={CircleAlert} findings={result.gaps} />
      </ResultSection>
      <ResultSection title="Requisitos da vaga">
        <ul className="grid gap-2">
          {result.requirements.map((r) => {
            const Icon = MET_ICON[r.met];
            return (
              <li key={r.requirement} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className={`flex items-center gap-2 font-medium ${MET_TONE[r.met]}`}>
                  <Icon className="size-4" aria-hidden /> {REQUIREMENT_MET_LABELS[r.met]}: <span className="text-slate-900">{r.requirement}</span>
                </p>
                {r.quote && <QuoteBlock quote={r.quote} place={[r.page ? `página ${r.page}` : null]} found={r.found} />}
              </li>
            );
          })}
        </ul>
      </ResultSection>
      <p className="text-xs text-slate-600">
        {analysisSourceSentence(result.source)} Comparada com a vaga “{result.opening.title}”. Use-a como apoio: a decisão é de quem recruta.
      </p>
    </div>
  );
}
