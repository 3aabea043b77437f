import { AlertTriangle, CheckCircle2, FileQuestion, Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { READJUSTMENT_LABELS, RISK_TOPIC_LABELS, type ContractAnalysisResult, type ContractView, type Severity } from '@sede/shared/juridico/schemas';
import { QuoteBlock } from '../../../components/analysis/quote-block.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyAnalysis, type AppliedField } from '../api/apply-analysis.ts';
import { day, daysLabel, formatDocument, money } from './format.ts';
import { analysisSourceSentence } from '../../../components/analysis/analysis-source.ts';

const SEVERITY_TONES: Record<Severity, string> = {
  alta: 'bg-red-100 text-red-900',
  media: 'bg-amber-100 text-amber-900',
  baixa: 'bg-sky-100 text-sky-900',
};
const ORDER: Record<Severity, number> = { alta: 0, media: 1, baixa: 2 };
const RISK_LEVEL: Record<Severity, string> = { alta: 'Risco alto', media: 'Risco médio', baixa: 'Risco baixo' };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-2" aria-label={title}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

const FIELD_LABELS: Record<AppliedField, string> = {
  object: 'Objeto',
  valueCents: 'Valor',
  startDate: 'Início',
  endDate: 'Término',
  automaticRenewal: 'Renovação automática',
  noticePeriodDays: 'Aviso prévio',
  readjustmentIndex: 'Índice de reajuste',
};

function show(field: AppliedField, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (field === 'valueCents') return money(v as number);
  if (field === 'startDate' || field === 'endDate') return day(v as string);
  if (field === 'automaticRenewal') return v ? 'Sim' : 'Não';
  if (field === 'noticePeriodDays') return daysLabel(v as number);
  if (field === 'readjustmentIndex') return READJUSTMENT_LABELS[v as keyof typeof READJUSTMENT_LABELS];
  return String(v);
}

/** The fields the analysis found next to the register's; the person ticks the ones to copy and confirms. */
function FillRegister({ analysisId, result, contract, onApplied }: { analysisId: string; result: ContractAnalysisResult; contract: ContractView; onApplied: () => void }) {
  const found = (Object.keys(FIELD_LABELS) as AppliedField[]).filter((f) => result.fields[f] !== null && result.fields[f] !== contract[f]);
  const [chosen, setChosen] = useState<Set<AppliedField>>(() => new Set(found));
  const [pending, setPending] = useState(false);
  if (found.length === 0) return <p className="text-sm text-slate-600">O cadastro já tem os dados encontrados pela análise.</p>;
  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Dados encontrados para o cadastro</caption>
          <thead className="text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2">Usar</th>
              <th scope="col" className="py-1 pr-2">Campo</th>
              <th scope="col" className="py-1 pr-2">No cadastro</th>
              <th scope="col" className="py-1">Na análise</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {found.map((f) => (
              <tr key={f}>
                <td className="py-1 pr-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`Usar ${FIELD_LABELS[f]}`}
                    checked={chosen.has(f)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(f);
                      else next.delete(f);
                      setChosen(next);
                    }}
                  />
                </td>
                <td className="py-1 pr-2 font-medium">{FIELD_LABELS[f]}</td>
                <td className="py-1 pr-2 text-slate-600">{show(f, contract[f])}</td>
                <td className="py-1">{show(f, result.fields[f])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button
          variant="secondary"
          className="h-auto min-h-10 whitespace-normal py-2"
          pending={pending}
          disabled={chosen.size === 0}
          onClick={async () => {
            setPending(true);
            try {
              await applyAnalysis(analysisId, [...chosen]);
              toast.success('Cadastro do contrato atualizado.');
              onApplied();
            } catch (e) {
              toast.error(e instanceof ApiError ? e.message : 'Não foi possível atualizar o cadastro.');
            } finally {
              setPending(false);
            }
          }}
        >
          <CheckCircle2 aria-hidden /> Usar os dados marcados
        </Button>
      </div>
    </div>
  );
}

/** The structured contract analysis: sections, tables, badges and quotes with their place in the source. */
export function AnalysisResult({ analysisId, result, contract, onApplied }: { analysisId: string; result: ContractAnalysisResult; contract: ContractView; onApplied: () => void }) {
  const risks = [...result.riskyClauses].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="analysis-result">
      <Section title="Resumo">
        <p className="text-sm leading-relaxed text-slate-800">{result.summary}</p>
      </Section>

      <Section title={`Cláusulas de risco (${risks.length})`}>
        {risks.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhuma cláusula de risco encontrada.</p>
        ) : (
          <ul className="grid gap-3">
            {risks.map((r) => (
              <li key={`${r.topic}:${r.title}:${r.quote}`} className="rounded-lg border border-slate-200 bg-white p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_TONES[r.severity]}`}>
                    <AlertTriangle className="size-3" aria-hidden /> {RISK_LEVEL[r.severity]}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">{RISK_TOPIC_LABELS[r.topic]}</span>
                  <span className="text-sm font-semibold text-slate-900">{r.title}</span>
                </div>
                <p className="mt-2 text-sm text-slate-800">{r.why}</p>
                <QuoteBlock quote={r.quote} place={[r.location, r.page ? `página ${r.page}` : null]} found={r.found} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Partes">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Partes do contrato</caption>
            <thead className="text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2">Nome</th>
                <th scope="col" className="py-1 pr-2">Papel</th>
                <th scope="col" className="py-1">CNPJ/CPF</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.parties.map((p) => (
                <tr key={`${p.name}:${p.role}`}>
                  <td className="py-1 pr-2">{p.name}</td>
                  <td className="py-1 pr-2">{p.role}</td>
                  <td className="py-1">{formatDocument(p.document) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="Obrigações de cada parte">
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
      </Section>

      <Section title="Datas e valores">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Datas e valores do contrato</caption>
            <thead className="text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2">O quê</th>
                <th scope="col" className="py-1 pr-2">Data ou valor</th>
                <th scope="col" className="py-1">Trecho</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.keyDates.map((d) => (
                <tr key={`d:${d.label}:${d.date}:${d.quote}`}>
                  <td className="py-1 pr-2">{d.label}</td>
                  <td className="py-1 pr-2 whitespace-nowrap">{day(d.date)}</td>
                  <td className="py-1 text-slate-600">{d.quote ?? '—'}</td>
                </tr>
              ))}
              {result.amounts.map((a) => (
                <tr key={`a:${a.label}:${a.amountCents}:${a.quote}`}>
                  <td className="py-1 pr-2">{a.label}</td>
                  <td className="py-1 pr-2 whitespace-nowrap tabular-nums">{money(a.amountCents)}</td>
                  <td className="py-1 text-slate-600">{a.quote ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="Preencher o cadastro">
        <FillRegister analysisId={analysisId} result={result} contract={contract} onApplied={onApplied} />
      </Section>

      <Section title="Cláusulas que faltam">
        {result.missingClauses.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhuma cláusula importante faltando.</p>
        ) : (
          <ul className="grid gap-2">
            {result.missingClauses.map((m) => (
              <li key={`${m.topic}:${m.why}`} className="flex gap-2 text-sm">
                <FileQuestion className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
                <span>
                  <strong>{m.topic}.</strong> {m.why}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Redação sugerida">
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
      </Section>
      <p className="text-xs text-slate-600">
        {analysisSourceSentence(result.source)} Não substitui a revisão de um advogado.
      </p>
    </div>
  );
}
