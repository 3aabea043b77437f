import { Download, Pencil, Share2, Trash2 } from 'lucide-react';
import { formatFileSize } from '@sede/shared/platform/files';
import { MATERIAL_KIND_LABELS, type MaterialView } from '@sede/shared/marketing/materials';
import { Button } from '../../../../components/ui/button.tsx';
import { materialContentUrl } from '../../api/materials.ts';
import { MaterialThumb } from './material-thumb.tsx';

export type MaterialAction = 'preview' | 'share' | 'edit' | 'delete';
type Props = { materials: MaterialView[]; showClient: boolean; onAction: (action: MaterialAction, material: MaterialView) => void };

const date = (iso: string) => new Date(iso).toLocaleDateString('pt-BR');

function Actions({ material, onAction }: { material: MaterialView; onAction: Props['onAction'] }) {
  return (
    <div className="flex items-center gap-0.5">
      <Button asChild variant="ghost" size="sm" className="px-2">
        <a href={materialContentUrl(material)} download={material.name} aria-label={`Baixar ${material.name}`} title="Baixar">
          <Download aria-hidden />
        </a>
      </Button>
      <Button variant="ghost" size="sm" className="px-2" onClick={() => onAction('share', material)} aria-label={`Compartilhar ${material.name}`} title="Compartilhar">
        <Share2 aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" className="px-2" onClick={() => onAction('edit', material)} aria-label={`Editar ${material.name}`} title="Renomear, mover, etiquetas">
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" className="px-2 text-red-700 hover:bg-red-50" onClick={() => onAction('delete', material)} aria-label={`Excluir ${material.name}`} title="Excluir">
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Etiquetas">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {t}
        </li>
      ))}
    </ul>
  );
}

/** Cards with thumbnails: the grid view, and the list view on phones. */
export function MaterialGrid({ materials, showClient, onAction, className = '' }: Props & { className?: string }) {
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 ${className}`} aria-label="Materiais">
      {materials.map((m) => (
        <li key={m.id} className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="material-card">
          <button type="button" onClick={() => onAction('preview', m)} className="block aspect-[4/3] w-full focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]" aria-label={`Ver ${m.name}`}>
            <MaterialThumb material={m} className="size-full" />
          </button>
          <div className="grid flex-1 gap-1 p-2">
            <p className="truncate text-sm font-medium text-slate-900" title={m.name}>
              {m.name}
            </p>
            <p className="truncate text-xs text-slate-600">
              {MATERIAL_KIND_LABELS[m.kind]} · {formatFileSize(m.size)}
              {showClient ? ` · ${m.clientName}` : ''}
            </p>
            <Tags tags={m.tags} />
          </div>
          <div className="border-t border-slate-100 px-1 py-1">
            <Actions material={m} onAction={onAction} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The list view: a table from the tablet width up, cards on phones. */
export function MaterialList({ materials, showClient, onAction }: Props) {
  return (
    <>
      <MaterialGrid materials={materials} showClient={showClient} onAction={onAction} className="sm:hidden" />
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Materiais</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Nome
              </th>
              {showClient && (
                <th scope="col" className="px-3 py-2 font-medium">
                  Empresa
                </th>
              )}
              <th scope="col" className="px-3 py-2 font-medium">
                Tipo
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Tamanho
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Etiquetas
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Enviado em
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {materials.map((m) => (
              <tr key={m.id} data-testid="material-row">
                <td className="px-3 py-2">
                  <button type="button" onClick={() => onAction('preview', m)} className="flex min-w-0 items-center gap-2 text-left hover:underline">
                    <MaterialThumb material={m} className="size-9 shrink-0 rounded-md" />
                    <span className="max-w-64 truncate font-medium text-slate-900" title={m.name}>
                      {m.name}
                    </span>
                  </button>
                </td>
                {showClient && <td className="px-3 py-2 text-slate-700">{m.clientName}</td>}
                <td className="px-3 py-2 text-slate-700">{MATERIAL_KIND_LABELS[m.kind]}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatFileSize(m.size)}</td>
                <td className="px-3 py-2">
                  <Tags tags={m.tags} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">{date(m.createdAt)}</td>
                <td className="px-3 py-2">
                  <Actions material={m} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
