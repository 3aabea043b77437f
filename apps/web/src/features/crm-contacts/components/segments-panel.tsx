import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Filter, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { CrmSegment } from '@sede/shared/crm/contacts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { count } from '@sede/shared/format';
import { deleteSegment } from '../api/delete-segment.ts';
import { crmContactKeys } from '../api/keys.ts';
import { segmentsQueryOptions } from '../api/segments.ts';

const describe = (s: CrmSegment) =>
  Object.entries(s.filter)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ') || 'Todos os contatos';

/** Saved segments: a filter evaluated each time it is opened. */
export function SegmentsPanel({ onOpen }: { onOpen: (segment: CrmSegment) => void }) {
  const queryClient = useQueryClient();
  const segments = useQuery(segmentsQueryOptions());
  async function remove(id: string) {
    try {
      await deleteSegment(id);
      await queryClient.invalidateQueries({ queryKey: crmContactKeys.segments });
      toast.success('Segmento excluído.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível excluir o segmento.');
    }
  }
  if (segments.isPending) return <p className="text-sm text-slate-600">Carregando…</p>;
  if (segments.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {segments.error.message}
      </p>
    );
  if (segments.data.length === 0)
    return <EmptyState icon={Filter} title="Nenhum segmento salvo" description='Um segmento guarda uma busca com filtros (ex.: "com e-mail, etiqueta vip, sem responsável") e é recalculado sempre que aberto. Filtre em Pessoas ou Organizações e use "Salvar como segmento".' />;
  return (
    <ul className="grid gap-2" aria-label="Segmentos">
      {segments.data.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <div className="min-w-0 flex-1 basis-48">
            <p className="truncate font-medium text-slate-900">{s.name}</p>
            <p className="truncate text-sm text-slate-600">
              {s.entity === 'people' ? 'Pessoas' : 'Organizações'} · {count(s.count)} contato(s) agora · {describe(s)}
            </p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => onOpen(s)}>
              Abrir
            </Button>
            <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" aria-label={`Excluir o segmento ${s.name}`} onClick={() => void remove(s.id)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
