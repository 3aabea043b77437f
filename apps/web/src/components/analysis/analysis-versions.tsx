import { dateTime } from '@sede/shared/format';
import { History } from 'lucide-react';
import { ANALYSIS_STAGES, type AnalysisView } from '@sede/shared/analysis/schemas';


/** The versions of a subject's analysis (newest first): each a button showing its status, date and file (decision 0229; Jurídico and RH). */
export function AnalysisVersions({ analyses, currentId, onSelect }: { analyses: AnalysisView[]; currentId: string | undefined; onSelect: (id: string) => void }) {
  if (analyses.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="flex items-center gap-1 text-sm font-semibold text-slate-900">
        <History className="size-4" aria-hidden /> Versões
      </h3>
      <ul className="flex flex-wrap gap-2">
        {analyses.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              onClick={() => onSelect(a.id)}
              aria-pressed={currentId === a.id}
              className={`rounded-lg border px-3 py-1.5 text-left text-xs ${currentId === a.id ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)]' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
            >
              <span className="block font-semibold">
                Versão {a.version} · {ANALYSIS_STAGES[a.status]}
              </span>
              <span className="block text-slate-600">
                {dateTime(a.createdAt)} · {a.fileName ?? 'arquivo excluído'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The version shown: the one chosen, else the newest done, else the newest. */
export function currentAnalysis<A extends AnalysisView>(list: A[], shown: string | null): A | undefined {
  return list.find((a) => a.id === shown) ?? list.find((a) => a.status === 'done') ?? list[0];
}

/** A failed version's message: it always says nothing was charged. */
export function AnalysisFailure({ analysis }: { analysis: AnalysisView }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      A versão {analysis.version} falhou: {analysis.error} Nenhuma moeda foi cobrada.
    </p>
  );
}
