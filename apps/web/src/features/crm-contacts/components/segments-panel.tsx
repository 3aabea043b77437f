import { useQuery } from '@tanstack/react-query';
import { Filter, Trash2 } from 'lucide-react';
import type { CrmSegment } from '@sede/shared/crm/contacts';
import { count } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { deleteSegment } from '../api/delete-segment.ts';
import { crmContactKeys } from '../api/keys.ts';
import { segmentsQueryOptions } from '../api/segments.ts';
import { useRemove } from './use-remove.ts';

const describe = (s: CrmSegment) =>
  Object.entries(s.filter)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ') || 'Todos os contatos';

const columns = (onOpen: (segment: CrmSegment) => void, onRemove: (id: string) => void): DataColumn<CrmSegment>[] => [
  { id: 'name', header: 'Segmento', card: 'title', cell: (s) => <span className="font-medium text-slate-900">{s.name}</span> },
  { id: 'count', header: 'Contatos agora', card: 'subtitle', cell: (s) => `${s.entity === 'people' ? 'Pessoas' : 'Organizações'} · ${count(s.count)} contato(s) agora` },
  { id: 'filter', header: 'Filtro', cell: describe },
  {
    id: 'actions',
    header: 'Ações',
    card: 'subtitle',
    cell: (s) => (
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={() => onOpen(s)}>
          Abrir
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" aria-label={`Excluir o segmento ${s.name}`} onClick={() => onRemove(s.id)}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    ),
  },
];

/** Saved segments: a filter evaluated each time it is opened. */
export function SegmentsPanel({ onOpen }: { onOpen: (segment: CrmSegment) => void }) {
  const segments = useQuery(segmentsQueryOptions());
  const remove = useRemove(deleteSegment, crmContactKeys.segments, { done: 'Segmento excluído.', failed: 'Não foi possível excluir o segmento.' });
  return (
    <DataList label="Segmentos" rows={segments.data ?? []} columns={columns(onOpen, (id) => void remove(id))} query={segments} states={listStates(Filter, 'os segmentos', {
      title: 'Nenhum segmento salvo',
      description: 'Um segmento guarda uma busca com filtros (ex.: "com e-mail, etiqueta vip, sem responsável") e é recalculado sempre que aberto. Filtre em Pessoas ou Organizações e use "Salvar como segmento".',
    })} />
  );
}
