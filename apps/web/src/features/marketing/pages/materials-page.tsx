import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen, Upload } from 'lucide-react';
import { useCallback, useDeferredValue, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import type { MaterialKind, MaterialView } from '@sede/shared/marketing/materials';
import { FILE_KINDS, formatFileSize } from '@sede/shared/platform/files';
import { useLiveEntity, useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { DataListStates } from '../../../components/ui/data-list.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { useAnyMaterial, useMaterialFolders, useMaterials, useMaterialTags } from '../api/materials.ts';
import { type FolderAction, FolderBar } from '../components/materials/folder-bar.tsx';
import { FolderDialogs } from '../components/materials/folder-dialogs.tsx';
import { folderTrail } from '../components/materials/folders.ts';
import { ALL_CLIENTS, MaterialFilters, type MaterialLayout } from '../components/materials/material-filters.tsx';
import { MaterialDialogs, type MaterialDialog } from '../components/materials/material-dialogs.tsx';
import { type MaterialAction, MaterialGrid, MaterialList } from '../components/materials/material-items.tsx';
import { UploadControls } from '../components/materials/upload-controls.tsx';
import { UploadQueue } from '../components/materials/upload-queue.tsx';
import { useMaterialUploads } from '../components/materials/use-material-uploads.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

const VIEW_KEY = 'sede:materiais:view';

/**
 * /marketing/materiais (decisions 0335–0339, 0342): each client's library — folders, tags, thumbnails (a video's
 * first frame arrives live), search and filters, grid or list, upload with progress, download,
 * rename/move/delete and share links that expire. `?cliente=` picks the client, `?pasta=` the folder;
 * without it, every client's materials when the team serves clients, else the company's own (decision 0393).
 */
export default function MaterialsPage() {
  const qc = useQueryClient();
  const id = useId();
  const [params, setParams] = useUrlParams();
  const clients = useClients();
  const own = clients.data?.find((c) => c.isOwn);
  const param = params.get('cliente');
  const servesClients = (clients.data?.length ?? 0) > 1;
  const allClients = param === ALL_CLIENTS || (param === null && servesClients);
  const clientId = allClients ? undefined : (param ?? own?.id);
  const clientName = clients.data?.find((c) => c.id === clientId)?.name;
  const folderId = !allClients ? (params.get('pasta') ?? undefined) : undefined;
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const [kind, setKind] = useState<MaterialKind | ''>('');
  const [tag, setTag] = useState('');
  const [view, setView] = useState<MaterialLayout>(() => (localStorage.getItem(VIEW_KEY) === 'lista' ? 'lista' : 'grade'));
  const searching = !!search || !!tag;
  const list = useMaterials({ clientId, folderId: searching || allClients ? undefined : (folderId ?? 'raiz'), kind: kind || undefined, tag: tag || undefined, q: search || undefined, limit: 60 });
  const folders = useMaterialFolders(clientId);
  const tags = useMaterialTags(clientId);
  useLiveInvalidate('marketing_material', marketingKeys.materials);
  useLiveInvalidate('marketing_material_folder', marketingKeys.materials);
  // A video's first frame is made in the background: its thumbnail shows when it is ready.
  useLiveEntity('file', (e) => {
    if (e.action === 'thumbnail') void qc.invalidateQueries({ queryKey: marketingKeys.materials });
  });
  const refresh = () => qc.invalidateQueries({ queryKey: marketingKeys.materials });
  const uploads = useMaterialUploads({ clientId, folderId, onUploaded: refresh });
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [dialog, setDialog] = useState<MaterialDialog>(null);
  const [folderAction, setFolderAction] = useState<FolderAction | null>(null);

  const allFolders = folders.data ?? [];
  const trail = folderTrail(folderId, allFolders);
  const current = trail.at(-1);
  const children = allFolders.filter((f) => (f.parentId ?? undefined) === folderId);
  const materials = useMemo(() => list.data?.pages.flatMap((p) => p.materials) ?? [], [list.data]);
  // One client's whole library is empty: say whether other clients have materials (the filter is then the reason).
  const libraryEmpty = !allClients && !folderId && folders.isSuccess && !children.length && list.isSuccess && materials.length === 0 && !searching && !kind;
  const othersHave = useAnyMaterial(libraryEmpty).data === true;

  const set = (changes: Record<string, string | undefined>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
      return next;
    });
  const openFolder = (pasta: string | undefined) => set({ pasta });
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) void uploads.send(e.dataTransfer.files);
  };

  const states: DataListStates = {
    icon: current ? FolderOpen : Upload,
    loading: 'Carregando materiais…',
    failed: 'Não foi possível carregar os materiais',
    noMatch: 'Nenhum material encontrado com esses filtros.',
    empty: allClients
      ? {
          title: 'Nenhum material ainda',
          description: 'Nenhuma empresa cliente tem materiais. Escolha a empresa cliente no filtro acima para guardar logos, fotos, vídeos (até 500 MB) e PDFs dela, em pastas e com etiquetas.',
        }
      : {
          title: current ? 'Pasta vazia' : children.length ? 'Nenhum material fora das pastas' : `Nenhum material de ${clientName ?? 'esta empresa'} ainda`,
          description: `Guarde aqui logos, fotos, vídeos (até 500 MB) e PDFs${current ? ' desta pasta' : ' da empresa'}: a equipe encontra tudo por nome e etiqueta e compartilha por links que expiram. Arraste arquivos para cá ou use o botão.${libraryEmpty && othersHave ? ' Outras empresas clientes já têm materiais.' : ''}`,
          action: (
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => fileInput.current?.click()} disabled={!clientId}>
                <Upload aria-hidden /> Enviar arquivos
              </Button>
              {libraryEmpty && othersHave && (
                <Button variant="secondary" onClick={() => set({ cliente: ALL_CLIENTS, pasta: undefined })}>
                  Ver materiais de todas as empresas
                </Button>
              )}
            </div>
          ),
        },
  };
  const query = { ...list, isPending: !(allClients || clientId) || list.isPending };
  const filtered = searching || !!kind;
  const onAction = useCallback((action: MaterialAction, material: MaterialView) => setDialog({ action, material }), []);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-5"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id={`${id}-title`} className="text-2xl font-semibold text-slate-900">
            Materiais
          </h1>
          <p className="mt-1 text-sm text-slate-600">Logos, fotos, vídeos e documentos de cada empresa cliente, em pastas, com etiquetas e links que expiram.</p>
        </div>
        <UploadControls uploads={uploads} fileInput={fileInput} canUpload={!!clientId} needsClient={allClients} onNewFolder={!allClients && clientId ? () => setFolderAction('new') : undefined} />
      </div>

      <MaterialFilters
        clients={clients.data}
        client={allClients ? ALL_CLIENTS : (clientId ?? '')}
        onClient={(cliente) => set({ cliente, pasta: undefined })}
        q={q}
        onQ={setQ}
        kind={kind}
        onKind={setKind}
        tags={tags.data}
        tag={tag}
        onTag={setTag}
        view={view}
        onView={(next) => {
          setView(next);
          localStorage.setItem(VIEW_KEY, next);
        }}
      />

      {!allClients && clientId && !searching && <FolderBar trail={trail} folderId={folderId} subfolders={children} onOpen={openFolder} onAction={setFolderAction} />}
      {searching && <p className="text-sm text-slate-600">Resultados em todas as pastas{clientId ? ' desta empresa' : ''}.</p>}
      <UploadQueue uploads={uploads} dragging={dragging} folderName={current?.name} />

      {view === 'lista' ? (
        <MaterialList materials={materials} showClient={allClients} onAction={onAction} query={query} filtered={filtered} states={states} />
      ) : (
        <ListStates query={query} count={materials.length} filtered={filtered} {...states}>
          <div className="grid gap-3">
            <MaterialGrid materials={materials} showClient={allClients} onAction={onAction} />
            {list.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage}>
                  Carregar mais
                </Button>
              </div>
            )}
          </div>
        </ListStates>
      )}
      <p className="text-xs text-slate-600">
        Imagens até {formatFileSize(FILE_KINDS.image.maxBytes)}, documentos até {formatFileSize(FILE_KINDS.document.maxBytes)}, áudios até {formatFileSize(FILE_KINDS.audio.maxBytes)} e vídeos até {formatFileSize(FILE_KINDS.video.maxBytes)}. O tipo é conferido pelo conteúdo do arquivo.
      </p>

      <MaterialDialogs dialog={dialog} folders={allFolders} onClose={() => setDialog(null)} onChanged={refresh} />
      <FolderDialogs action={folderAction} onAction={setFolderAction} clientId={clientId} folderId={folderId} current={current} folders={allFolders} onOpen={openFolder} onChanged={refresh} />
    </section>
  );
}
