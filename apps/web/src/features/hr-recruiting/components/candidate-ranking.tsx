import { Users } from 'lucide-react';
import { ANALYSIS_STAGES, type AnalysisStatus } from '@sede/shared/analysis/schemas';
import type { CandidateView } from '@sede/shared/recruiting/schemas';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { ScoreBadge, StageBadge } from './badges.tsx';

const analysisLabel = (s: string | null) => (s ? ANALYSIS_STAGES[s as AnalysisStatus] : 'Sem análise');

/** An opening's candidates from the best fit down; choosing one opens its panel (?candidato=). */
export function CandidateRanking({ query, candidates, selectedId, onSelect }: { query: { isPending: boolean; isError: boolean; error: unknown }; candidates: CandidateView[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const rank = new Map(candidates.map((c, i) => [c.id, i + 1]));
  const columns: DataColumn<CandidateView>[] = [
    { id: 'rank', header: '#', className: 'tabular-nums text-slate-600', cell: (c) => rank.get(c.id) },
    {
      id: 'name',
      header: 'Candidato',
      card: 'title',
      cell: (c) => (
        <button type="button" className="text-left font-medium text-[var(--color-accent)] hover:underline" onClick={() => onSelect(c.id)} aria-current={c.id === selectedId ? 'true' : undefined}>
          {c.name}
        </button>
      ),
    },
    { id: 'score', header: 'Aderência', card: 'badge', cell: (c) => <ScoreBadge score={c.score} /> },
    { id: 'stage', header: 'Etapa', cell: (c) => <StageBadge stage={c.stage} /> },
    { id: 'analysis', header: 'Análise', className: 'text-slate-700', cell: (c) => analysisLabel(c.analysisStatus) },
  ];
  return (
    <section className="grid gap-2" aria-label="Candidatos em ranking">
      <h3 className="text-base font-semibold text-slate-900">Candidatos ({candidates.length})</h3>
      <DataList label="Candidatos da vaga, do mais aderente ao menos aderente" rows={candidates} columns={columns} query={query} current={(c) => c.id === selectedId} rowTestId="candidate-row" states={listStates(Users, 'os candidatos', {
        title: 'Nenhum candidato ainda',
        description: 'Envie os currículos acima: cada um vira um candidato com a nota de aderência a esta vaga.',
      })} />
    </section>
  );
}
