import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ANALYSIS_STAGES, type AnalysisStatus } from '@sede/shared/analysis/schemas';
import { SENIORITY_LABELS } from '@sede/shared/recruiting/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteOpening } from '../api/delete-opening.ts';
import { useOpening } from '../api/get-opening.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidates } from '../api/list-candidates.ts';
import { OpeningStatusBadge, ScoreBadge, StageBadge } from '../components/badges.tsx';
import { CandidatePanel } from '../components/candidate-panel.tsx';
import { placeOf } from '../components/format.ts';
import { OpeningDialog } from '../components/opening-dialog.tsx';
import { ResumeUpload } from '../components/resume-upload.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

const analysisLabel = (s: string | null) => (s ? ANALYSIS_STAGES[s as AnalysisStatus] : 'Sem análise');

/** /rh/analise-curriculos/:id — :id is the opening: its candidates ranked by fit, the résumé upload, a candidate's detail in ?candidato= (decision 0225). */
export default function OpeningPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useUrlParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const opening = useOpening(id);
  const candidates = useCandidates(id, opening.isSuccess);
  // The openings, this one and its ranking share the key's root: a change refreshes them all.
  useLiveInvalidate('job_opening', recruitingKeys.openings);
  useLiveInvalidate('candidate', recruitingKeys.openings);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const selectedId = params.get('candidato');
  const select = (candidateId: string | null) => {
    setParams(
      (next) => {
        if (candidateId) next.set('candidato', candidateId);
        else next.delete('candidato');
        return next;
      },
      { replace: true },
    );
  };

  if (opening.isPending) return <Spinner label="Carregando a vaga…" />;
  if (opening.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-700">
          {opening.error instanceof ApiError && opening.error.status === 404 ? 'Vaga não encontrada.' : 'Não foi possível carregar a vaga.'}
        </p>
        <Link to="/rh/analise-curriculos" className="text-sm text-[var(--color-accent)] underline">
          Voltar às vagas
        </Link>
      </div>
    );
  }
  const o = opening.data;
  const list = candidates.data?.candidates ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? null;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Link to="/rh/analise-curriculos" className="flex w-fit items-center gap-1 text-sm text-[var(--color-accent)] hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Vagas
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{o.title}</h2>
        <OpeningStatusBadge status={o.status} />
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> Editar
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> Excluir
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700">{[o.department, SENIORITY_LABELS[o.seniority], placeOf(o)].filter(Boolean).join(' · ')}</p>
      {editing && <OpeningDialog open={editing} onOpenChange={setEditing} opening={o} />}
      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Excluir a vaga?"
        description="A vaga e todos os candidatos dela, com currículos, entrevistas e análises, são excluídos. Esta ação não pode ser desfeita."
        failureMessage="Não foi possível excluir a vaga."
        onConfirm={async () => {
          await deleteOpening(o.id);
          await queryClient.invalidateQueries({ queryKey: recruitingKeys.openings });
          toast.success('Vaga excluída.');
          void navigate('/rh/analise-curriculos');
        }}
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Requisitos</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="whitespace-pre-line text-slate-800">{o.requirements || 'Nenhum requisito informado: edite a vaga para a análise ter uma régua.'}</p>
            {o.desiredSkills && (
              <>
                <h3 className="font-semibold text-slate-900">Competências desejadas</h3>
                <p className="whitespace-pre-line text-slate-800">{o.desiredSkills}</p>
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Enviar currículos</CardTitle>
          </CardHeader>
          <CardContent>
            {o.status === 'fechada' ? <p className="text-sm text-slate-600">Esta vaga está fechada. Reabra-a (Editar → Situação) para receber currículos.</p> : <ResumeUpload openingId={o.id} />}
          </CardContent>
        </Card>
      </div>

      <section className="grid gap-2" aria-label="Candidatos em ranking">
        <h3 className="text-base font-semibold text-slate-900">Candidatos ({list.length})</h3>
        {candidates.isPending ? (
          <Spinner label="Carregando candidatos…" />
        ) : list.length === 0 ? (
          <EmptyState icon={Users} title="Nenhum candidato ainda" description="Envie os currículos acima: cada um vira um candidato com a nota de aderência a esta vaga." />
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Candidatos da vaga, do mais aderente ao menos aderente</caption>
                <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-2">#</th>
                    <th scope="col" className="px-4 py-2">Candidato</th>
                    <th scope="col" className="px-4 py-2">Aderência</th>
                    <th scope="col" className="px-4 py-2">Etapa</th>
                    <th scope="col" className="px-4 py-2">Análise</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.map((c, i) => (
                    <tr key={c.id} className={c.id === selectedId ? 'bg-[var(--color-accent-soft)]' : 'hover:bg-slate-50'} data-testid="candidate-row">
                      <td className="px-4 py-2 tabular-nums text-slate-600">{i + 1}</td>
                      <td className="px-4 py-2">
                        <button type="button" className="font-medium text-[var(--color-accent)] hover:underline" onClick={() => select(c.id)} aria-current={c.id === selectedId ? 'true' : undefined}>
                          {c.name}
                        </button>
                      </td>
                      <td className="px-4 py-2">
                        <ScoreBadge score={c.score} />
                      </td>
                      <td className="px-4 py-2">
                        <StageBadge stage={c.stage} />
                      </td>
                      <td className="px-4 py-2 text-slate-700">{analysisLabel(c.analysisStatus)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ol className="grid gap-2 md:hidden" aria-label="Candidatos em ranking">
              {list.map((c, i) => (
                <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-3">
                  <div className="flex items-start justify-between gap-2">
                    <button type="button" className="text-left font-medium text-[var(--color-accent)] hover:underline" onClick={() => select(c.id)}>
                      {i + 1}. {c.name}
                    </button>
                    <ScoreBadge score={c.score} />
                  </div>
                  <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <StageBadge stage={c.stage} /> {analysisLabel(c.analysisStatus)}
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      {selected && <CandidatePanel key={selected.id} candidate={selected} onClose={() => select(null)} />}
    </div>
  );
}
