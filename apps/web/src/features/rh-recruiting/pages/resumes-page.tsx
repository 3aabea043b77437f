import { Briefcase, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SENIORITY_LABELS } from '@sede/shared/recruiting/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useOpenings } from '../api/list-openings.ts';
import { OpeningStatusBadge } from '../components/badges.tsx';
import { placeOf } from '../components/format.ts';
import { OpeningDialog } from '../components/opening-dialog.tsx';
import { RetentionCard } from '../components/retention-card.tsx';

/** /rh/analise-curriculos: the job openings; each opens its ranked candidates (decision 0225). */
export default function ResumesPage() {
  const { data, isPending, isError } = useOpenings();
  useLiveInvalidate('job_opening', recruitingKeys.openings);
  const [creating, setCreating] = useState(false);
  const openings = data?.openings ?? [];
  const link = (id: string) => `/rh/analise-curriculos/${id}`;

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          As vagas da empresa. Em cada vaga, envie vários currículos de uma vez: a IA dá a cada um uma nota de 0 a 100 de aderência, pontos fortes, lacunas e as evidências, e os candidatos aparecem em ranking.
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Nova vaga
        </Button>
      </div>

      {isPending ? (
        <Spinner label="Carregando vagas…" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as vagas.
        </p>
      ) : openings.length === 0 ? (
        <EmptyState
          icon={Briefcase}
          title="Nenhuma vaga cadastrada"
          description="Cadastre uma vaga com os requisitos e as competências desejadas; depois envie os currículos para a IA analisar e ranquear os candidatos."
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> Cadastrar a primeira vaga
            </Button>
          }
        />
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Vagas</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2">Vaga</th>
                  <th scope="col" className="px-4 py-2">Departamento</th>
                  <th scope="col" className="px-4 py-2">Local</th>
                  <th scope="col" className="px-4 py-2">Senioridade</th>
                  <th scope="col" className="px-4 py-2 text-right">Candidatos</th>
                  <th scope="col" className="px-4 py-2">Situação</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {openings.map((o) => (
                  <tr key={o.id} className="hover:bg-slate-50">
                    <td className="px-4 py-2">
                      <Link to={link(o.id)} className="font-medium text-[var(--color-accent)] hover:underline">
                        {o.title}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{o.department ?? '—'}</td>
                    <td className="px-4 py-2">{placeOf(o)}</td>
                    <td className="px-4 py-2">{SENIORITY_LABELS[o.seniority]}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{o.candidates}</td>
                    <td className="px-4 py-2">
                      <OpeningStatusBadge status={o.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 md:hidden" aria-label="Vagas">
            {openings.map((o) => (
              <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link to={link(o.id)} className="font-medium text-[var(--color-accent)] hover:underline">
                    {o.title}
                  </Link>
                  <OpeningStatusBadge status={o.status} />
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {[o.department, SENIORITY_LABELS[o.seniority], placeOf(o)].filter(Boolean).join(' · ')}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {o.candidates} {o.candidates === 1 ? 'candidato' : 'candidatos'}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <RetentionCard />
      <OpeningDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
