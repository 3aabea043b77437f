import { Briefcase, Plus } from 'lucide-react';
import { useState } from 'react';
import { SENIORITY_LABELS, type OpeningView } from '@sede/shared/recruiting/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useOpenings } from '../api/list-openings.ts';
import { OpeningStatusBadge } from '../components/badges.tsx';
import { placeOf } from '../components/place.ts';
import { OpeningDialog } from '../components/opening-dialog.tsx';
import { RetentionCard } from '../components/retention-card.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';

const columns: DataColumn<OpeningView>[] = [
  { id: 'title', header: 'Vaga', card: 'title', cell: (o) => <RecordLink to={`/rh/analise-curriculos/${o.id}`}>{o.title}</RecordLink> },
  { id: 'department', header: 'Departamento', cell: (o) => o.department ?? '—' },
  { id: 'place', header: 'Local', cell: (o) => placeOf(o) },
  { id: 'seniority', header: 'Senioridade', cell: (o) => SENIORITY_LABELS[o.seniority] },
  { id: 'candidates', header: 'Candidatos', align: 'right', cell: (o) => o.candidates },
  { id: 'status', header: 'Situação', card: 'badge', cell: (o) => <OpeningStatusBadge status={o.status} /> },
];

/** /rh/analise-curriculos: the job openings; each opens its ranked candidates (decision 0225). */
export default function ResumesPage() {
  const query = useOpenings();
  useLiveInvalidate('job_opening', recruitingKeys.openings);
  const [creating, setCreating] = useState(false);
  const openings = query.data?.openings ?? [];

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

      <DataList label="Vagas" rows={openings} columns={columns} query={query} states={listStates(Briefcase, 'as vagas', {
        title: 'Nenhuma vaga cadastrada',
        description: 'Cadastre uma vaga com os requisitos e as competências desejadas; depois envie os currículos para a IA analisar e ranquear os candidatos.',
        action: <AddButton onClick={() => setCreating(true)}>Cadastrar a primeira vaga</AddButton>,
      })} />
      <RetentionCard />
      <OpeningDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
