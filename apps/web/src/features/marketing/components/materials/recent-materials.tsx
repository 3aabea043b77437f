import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { formatFileSize } from '@sede/shared/platform/files';
import { MATERIAL_KIND_LABELS } from '@sede/shared/marketing/materials';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { marketingKeys } from '../../api/keys.ts';
import { useMaterials } from '../../api/materials.ts';
import { MaterialThumb } from './material-thumb.tsx';

/** The latest materials of the library (all clients, or one), compact: for the area's overview. */
export function RecentMaterials({ clientId, limit = 5 }: { clientId?: string; limit?: number }) {
  const list = useMaterials({ clientId, limit });
  useLiveInvalidate('marketing_material', marketingKeys.materials);
  const items = list.data?.pages[0]?.materials ?? [];
  const more = `/marketing/materiais${clientId ? `?cliente=${clientId}` : ''}`;
  return (
    <Card role="region" aria-labelledby="recent-materials-title">
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="recent-materials-title">Materiais recentes</CardTitle>
        <Link to={more} className="text-sm font-medium text-[var(--color-accent)] hover:underline">
          Ver todos
        </Link>
      </CardHeader>
      <CardContent>
      {list.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          Carregando materiais…
        </p>
      ) : list.isError ? (
        <p className="text-sm text-red-700" role="alert">
          Não foi possível carregar os materiais.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nenhum material ainda. <Link to={more} className="font-medium text-[var(--color-accent)] hover:underline">Envie logos, fotos e vídeos</Link>.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((m) => (
            <li key={m.id} className="flex items-center gap-3 py-2">
              <MaterialThumb material={m} className="size-10 shrink-0 rounded-md" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" title={m.name}>
                  {m.name}
                </p>
                <p className="truncate text-xs text-slate-600">
                  {MATERIAL_KIND_LABELS[m.kind]} · {formatFileSize(m.size)} · {m.clientName}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      </CardContent>
    </Card>
  );
}
