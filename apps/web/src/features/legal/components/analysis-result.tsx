import { AlertTriangle, FileQuestion, Lightbulb } from 'lucide-react';
import { day, document, money } from '@sede/shared/format';
import { RISK_TOPIC_LABELS, type ContractAnalysisResult, type ContractView, type Severity } from '@sede/shared/legal/schemas';
import { analysisSourceSentence } from '../../../components/analysis/analysis-source.ts';
import { QuoteBlock } from '../../../components/analysis/quote-block.tsx';
import { ResultSection } from '../../../components/analysis/result-section.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ReportTable } from '../../../components/ui/report-table.tsx';
import { FillRegister } from './fill-register.tsx';
import { FindingList } from '../../../components/analysis/finding-list.tsx';

const SEVERITY_TONES: Record<Severity, string> = {
  alta: 'bg-red-100 text-red-900',
  media: 'bg-amber-100 text-amber-900',
  baixa: 'bg-sky-100 text-sky-900',
};
const ORDER: Record<Severity, number> = { alta: 0, media: 1, baixa: 2 };
const RISK_LEVEL: Record<Severity, string> = { alta: 'Risco alto', media: 'Risco médio', baixa: 'Risco baixo' };

type KeyFigure = { key: string; label: string; value: string; quote: string | null };

/** The key dates and the amounts as one list for 'Datas e valores'. */
function keyFigures(result: ContractAnalysisResult): KeyFigure[] {
  return [
    ...result.keyDates.map((d) => ({ key: `d:${d.label}:${d.date}:${d.quote}`, label: d.label, value: day(d.date), quote: d.quote })),
    ...result.amounts.map((a) => ({ key: `a:${a.label}:${a.amountCents}:${a.quote}`, label: a.label, value: money(a.amountCents), quote: a.quote })),
  ];
}

/** The structured contract analysis: sections, tables, badges and quotes with their place in the source. */
export function AnalysisResult({ analysisId, result, contract, onApplied }: { analysisId: string; result: ContractAnalysisResult; contract: ContractView; onApplied: () => void }) {
  const risks = [...result.riskyClauses].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="analysis-result">
      <ResultSection title="Resumo">
        <p className="text-sm leading-relaxed text-slate-800">{result.summary}</p>
      </ResultSection>

      <ResultSection title={`Cláusulas de risco (${risks.length})`} empty={risks.length === 0 && 'Nenhuma cláusula de risco encontrada.'}>
        <ul className="grid gap-3">
          {risks.map((r) => (
            <li key={`${r.topic}:${r.title}:${r.quote}`} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={SEVERITY_TONES[r.severity]} className="gap-1 font-semibold">
                  <AlertTriangle className="size-3" aria-hidden /> {RISK_LEVEL[r.severity]}
                </Badge>
                <Badge tone="bg-slate-100 text-slate-800">{RISK_TOPIC_LABELS[r.topic]}</Badge>
                <span className="text-sm font-semibold text-slate-900">{r.title}</span>
              </div>
              <p className="mt-2 text-sm text-slate-800">{r.why}</p>
              <QuoteBlock quote={r.quote} place={[r.location, r.page ? `página ${r.page}` : null]} found={r.found} />
            </li>
          ))}
        </ul>
      </ResultSection>

      <ResultSection title="Partes">
        <ReportTable
          caption="Partes do contrato"
          rows={result.parties}
          rowKey={(p) => `${p.name}:${p.role}`}
          columns={[
            { header: 'Nome', cell: (p) => p.name },
            { header: 'Papel', cell: (p) => p.role },
            { header: 'CNPJ/CPF', cell: (p) => document(p.document) },
          ]}
        />
      </ResultSection>

      <ResultSection title="Obrigações de cada parte">
        <div className="grid gap-3 sm:grid-cols-2">
          {result.obligations.map((o) => (
            <div key={o.party} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="text-sm font-semibold">{o.party}</p>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                {o.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </ResultSection>

      <ResultSection title="Datas e valores">
        <ReportTable
          caption="Datas e valores do contrato"
          rows={keyFigures(result)}
          rowKey={(f) => f.key}
          columns={[
            { header: 'O quê', cell: (f) => f.label },
            { header: 'Data ou valor', className: 'whitespace-nowrap tabular-nums', cell: (f) => f.value },
            { header: 'Trecho', className: 'text-slate-600', cell: (f) => f.quote ?? '—' },
          ]}
        />
      </ResultSection>

      <ResultSection title="Preencher o cadastro">
        <FillRegister analysisId={analysisId} result={result} contract={contract} onApplied={onApplied} />
      </ResultSection>

      <ResultSection title="Cláusulas que faltam" empty={result.missingClauses.length === 0 && 'Nenhuma cláusula importante faltando.'}>
        <FindingList icon={FileQuestion} findings={result.missingClauses.map((m) => ({ title: m.topic, why: m.why }))} />
      </ResultSection>

      <ResultSection title="Redação sugerida">
        <ul className="grid gap-2">
          {result.suggestions.map((sug) => (
            <li key={`${sug.clause}:${sug.wording}`} className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
              <p className="flex items-center gap-1 font-semibold text-emerald-900">
                <Lightbulb className="size-4" aria-hidden /> {sug.clause}
              </p>
              <p className="mt-1 text-slate-800">{sug.wording}</p>
            </li>
          ))}
        </ul>
      </ResultSection>
      <p className="text-xs text-slate-600">{analysisSourceSentence(result.source)} Não substitui a revisão de um advogado.</p>
    </div>
  );
}
