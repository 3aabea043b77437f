import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Folder, FolderInput, FolderPlus, FolderOpen, LayoutGrid, List, Pencil, Trash2, Upload } from 'lucide-react';
import { useDeferredValue, useId, useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { MATERIAL_KIND_LABELS, MATERIAL_KINDS, type MaterialKind, type MaterialView } from '@sede/shared/marketing/materials';
import { FILE_KINDS, formatFileSize } from '@sede/shared/platform/files';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useLiveEntity, useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { UploadFailures, UploadProgress } from '../../../components/files/upload-status.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { createFolder, deleteFolder, deleteMaterial, renameFolder, uploadMaterial, useAnyMaterial, useMaterialFolders, useMaterials, useMaterialTags } from '../api/materials.ts';
import { DuplicateOffers, type DuplicateOffer } from '../components/materials/duplicate-offers.tsx';
import { EditMaterialDialog } from '../components/materials/edit-material-dialog.tsx';
import { FolderDialog } from '../components/materials/folder-dialog.tsx';
import { MoveFolderDialog } from '../components/materials/move-folder-dialog.tsx';
import { parseTagText } from '../components/materials/tags.ts';
import { folderTrail } from '../components/materials/folders.ts';
import { MaterialGrid, MaterialList, type MaterialAction } from '../components/materials/material-items.tsx';
import { PreviewDialog } from '../components/materials/preview-dialog.tsx';
import { ShareLinkDialog } from '../../../components/files/share-link-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

type Sending = { key: string; name: string; progress: number; abort: AbortController };
type Failure = { key: string; name: string; message: string };

const ALL = 'todas';
const ACCEPT = MATERIAL_KINDS.map((k) => FILE_KINDS[k].accept).join(',');
const LARGEST = Math.max(...MATERIAL_KINDS.map((k) => FILE_KINDS[k].maxBytes));

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
  const allClients = param === ALL || (param === null && servesClients);
  const clientId = allClients ? undefined : (param ?? own?.id);
  const clientName = clients.data?.find((c) => c.id === clientId)?.name;
  // An upload goes to the client chosen in the filter, never to one the person did not pick.
  const uploadClientId = clientId;
  const folderId = !allClients ? (params.get('pasta') ?? undefined) : undefined;
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const [kind, setKind] = useState<MaterialKind | ''>('');
  const [tag, setTag] = useState('');
  const [view, setView] = useState<'grade' | 'lista'>(() => (localStorage.getItem('sede:materiais:view') === 'lista' ? 'lista' : 'grade'));
  const searching = !!search || !!tag;
  const query = {
    clientId,
    folderId: searching || allClients ? undefined : (folderId ?? 'raiz'),
    kind: kind || undefined,
    tag: tag || undefined,
    q: search || undefined,
    limit: 60,
  };
  const ready = allClients || !!clientId;
  const list = useMaterials(query);
  const folders = useMaterialFolders(clientId);
  const tags = useMaterialTags(clientId);
  useLiveInvalidate('marketing_material', marketingKeys.materials);
  useLiveInvalidate('marketing_material_folder', marketingKeys.materials);
  // A video's first frame is made in the background: its thumbnail shows when it is ready.
  useLiveEntity('file', (e) => {
    if (e.action === 'thumbnail') void qc.invalidateQueries({ queryKey: marketingKeys.materials });
  });

  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [duplicates, setDuplicates] = useState<DuplicateOffer[]>([]);
  const [dragging, setDragging] = useState(false);
  const [dialog, setDialog] = useState<{ action: MaterialAction; material: MaterialView } | null>(null);
  const [folderDialog, setFolderDialog] = useState<'new' | 'rename' | 'move' | 'delete' | null>(null);
  // Tags typed once for the next uploads: every file sent (button or drop) gets them.
  const tagsInput = useRef<HTMLInputElement>(null);
  const [uploadTags, setUploadTags] = useState('');
  const [tagsError, setTagsError] = useState<string | null>(null);
  const typedTags = parseTagText(uploadTags).tags;

  const allFolders = folders.data ?? [];
  const trail = folderTrail(folderId, allFolders);
  const current = trail.at(-1);
  const children = allFolders.filter((f) => (f.parentId ?? undefined) === folderId);
  // One client's whole library is empty: say whether other clients have materials (the filter is then the reason).
  const libraryEmpty = !allClients && !folderId && folders.isSuccess && !children.length && list.isSuccess && list.data.pages[0]?.materials.length === 0 && !searching && !kind;
  const othersHave = useAnyMaterial(libraryEmpty).data === true;
  const materials = list.data?.pages.flatMap((p) => p.materials) ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: marketingKeys.materials });

  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
        return next;
      },
      { replace: false },
    );

  async function send(files: FileList | File[]) {
    if (!uploadClientId) {
      setFailures((f) => [...f, ...Array.from(files, (file) => ({ key: `${file.name}-${Math.random()}`, name: file.name, message: 'Escolha a empresa cliente no filtro antes de enviar arquivos.' }))]);
      return;
    }
    const parsed = parseTagText(uploadTags);
    if (parsed.error !== null) {
      setTagsError(parsed.error);
      tagsInput.current?.focus();
      return;
    }
    setTagsError(null);
    for (const file of Array.from(files)) await sendOne(uploadClientId, file, parsed.tags, false);
  }

  /** One file; the same content already in the library is offered to keep or skip (decision 0393). */
  async function sendOne(toClient: string, file: File, tags: string[], keepDuplicate: boolean) {
    const key = `${file.name}-${file.size}-${Math.random()}`;
    if (file.size === 0 || file.size > LARGEST) {
      setFailures((f) => [...f, { key, name: file.name, message: file.size === 0 ? 'O arquivo está vazio (0 bytes). Escolha outro arquivo.' : `O arquivo passa do limite de ${formatFileSize(LARGEST)}.` }]);
      return;
    }
    const abort = new AbortController();
    setSending((s) => [...s, { key, name: file.name, progress: 0, abort }]);
    try {
      await uploadMaterial({ clientId: toClient, folderId: allClients ? undefined : folderId, tags, keepDuplicate, file, signal: abort.signal, onProgress: (p) => setSending((s) => s.map((x) => (x.key === key ? { ...x, progress: p } : x))) });
      toast.success('Material enviado', { description: file.name });
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'MATERIAL_DUPLICATE') {
        const retry = () => sendOne(toClient, file, tags, true);
        setDuplicates((d) => [...d, { key, file, message: e.message, retry }]);
      } else if (!abort.signal.aborted) setFailures((f) => [...f, { key, name: file.name, message: e instanceof ApiError ? e.message : 'Falha no envio.' }]);
    } finally {
      setSending((s) => s.filter((x) => x.key !== key));
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) void send(e.dataTransfer.files);
  };
  const onAction = (action: MaterialAction, material: MaterialView) => setDialog({ action, material });
  const empty = list.isSuccess && materials.length === 0;
  const filtered = searching || !!kind;
  const Items = view === 'lista' ? MaterialList : MaterialGrid;

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
        <div className="grid w-full gap-1 sm:w-auto">
        <div className="flex flex-wrap items-end gap-2 sm:justify-end">
          {!allClients && clientId && (
            <Button variant="secondary" onClick={() => setFolderDialog('new')}>
              <FolderPlus aria-hidden /> Nova pasta
            </Button>
          )}
          <div className="grid w-full gap-1 sm:w-64">
            <label htmlFor={`${id}-upload-tags`} className="text-xs font-medium text-slate-700">
              Etiquetas para o envio
            </label>
            <Input
              id={`${id}-upload-tags`}
              ref={tagsInput}
              value={uploadTags}
              onChange={(e) => {
                setUploadTags(e.target.value);
                if (tagsError) setTagsError(null);
              }}
              placeholder="Ex.: logo, campanha de verão"
              aria-invalid={tagsError ? true : undefined}
              aria-describedby={`${id}-upload-tags-hint`}
            />
          </div>
          <Button onClick={() => input.current?.click()} disabled={!uploadClientId} aria-describedby={allClients ? `${id}-upload-where` : undefined}>
            <Upload aria-hidden /> Enviar arquivos
          </Button>
          <label htmlFor={`${id}-file`} className="sr-only">
            Escolher arquivos para enviar
          </label>
          <input
            id={`${id}-file`}
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            data-testid="materials-file-input"
            onChange={(e) => {
              if (e.target.files?.length) void send(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
        <p id={`${id}-upload-tags-hint`} className={cn('max-w-md text-xs sm:justify-self-end sm:text-right', tagsError ? 'text-red-700' : 'text-slate-600')} role={tagsError ? 'alert' : undefined}>
          {tagsError ?? 'Separe as etiquetas por vírgulas: cada arquivo enviado recebe todas elas.'}
        </p>
        {allClients && (
          <p id={`${id}-upload-where`} className="max-w-md text-xs text-slate-700 sm:justify-self-end sm:text-right" data-testid="upload-needs-client">
            Para enviar arquivos, escolha a empresa cliente no filtro abaixo.
          </p>
        )}
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <label htmlFor={`${id}-client`} className="text-xs font-medium text-slate-700">
            Empresa cliente
          </label>
          <select id={`${id}-client`} className={inputClass} value={allClients ? ALL : (clientId ?? '')} onChange={(e) => set({ cliente: e.target.value, pasta: undefined })}>
            <option value={ALL}>Todas as empresas</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.archived ? ' (arquivada)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <label htmlFor={`${id}-q`} className="text-xs font-medium text-slate-700">
            Buscar por nome ou etiqueta
          </label>
          <Input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Ex.: logo, verão" />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-kind`} className="text-xs font-medium text-slate-700">
            Tipo
          </label>
          <select id={`${id}-kind`} className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as MaterialKind | '')}>
            <option value="">Todos os tipos</option>
            {MATERIAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {MATERIAL_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-tag`} className="text-xs font-medium text-slate-700">
            Etiqueta
          </label>
          <select id={`${id}-tag`} className={inputClass} value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">Todas as etiquetas</option>
            {tags.data?.map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count})
              </option>
            ))}
          </select>
        </div>
        <fieldset className="col-span-2 grid gap-1 sm:col-span-1 lg:col-span-1">
          <legend className="text-xs font-medium text-slate-700">Exibição</legend>
          <div className="flex h-10 rounded-[var(--radius-ui)] border border-slate-300 p-0.5">
            {(
              [
                ['grade', 'Grade', LayoutGrid],
                ['lista', 'Lista', List],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => {
                  setView(value);
                  localStorage.setItem('sede:materiais:view', value);
                }}
                className={cn('flex flex-1 items-center justify-center gap-1 rounded px-2 text-sm', view === value ? 'bg-[var(--color-accent-soft)] font-medium text-[var(--color-accent)]' : 'text-slate-700 hover:bg-slate-100')}
              >
                <Icon className="size-4" aria-hidden /> {label}
              </button>
            ))}
          </div>
        </fieldset>
      </div>

      {!allClients && clientId && !searching && (
        <div className="grid gap-2">
          <nav aria-label="Pastas" className="flex flex-wrap items-center gap-1 text-sm">
            <button type="button" onClick={() => set({ pasta: undefined })} className={cn('rounded px-1.5 py-0.5 hover:underline', !folderId ? 'font-semibold text-slate-900' : 'text-[var(--color-accent)]')} aria-current={!folderId ? 'page' : undefined}>
              Biblioteca
            </button>
            {trail.map((f) => (
              <span key={f.id} className="flex items-center gap-1">
                <ChevronRight className="size-4 text-slate-400" aria-hidden />
                <button type="button" onClick={() => set({ pasta: f.id })} className={cn('rounded px-1.5 py-0.5 hover:underline', f.id === folderId ? 'font-semibold text-slate-900' : 'text-[var(--color-accent)]')} aria-current={f.id === folderId ? 'page' : undefined}>
                  {f.name}
                </button>
              </span>
            ))}
            {current && (
              <span className="ml-auto flex flex-wrap gap-1">
                <Button variant="ghost" size="sm" onClick={() => setFolderDialog('rename')}>
                  <Pencil aria-hidden /> Renomear pasta
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setFolderDialog('move')}>
                  <FolderInput aria-hidden /> Mover para…
                </Button>
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setFolderDialog('delete')}>
                  <Trash2 aria-hidden /> Excluir pasta
                </Button>
              </span>
            )}
          </nav>
          {children.length > 0 && (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label="Subpastas">
              {children.map((f) => (
                <li key={f.id}>
                  <button type="button" onClick={() => set({ pasta: f.id })} className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm font-medium text-slate-800 hover:border-[var(--color-accent)] hover:bg-[var(--color-accent-soft)]">
                    <Folder className="size-4 shrink-0 text-[var(--color-accent)]" aria-hidden />
                    <span className="truncate">{f.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {searching && <p className="text-sm text-slate-600">Resultados em todas as pastas{clientId ? ' desta empresa' : ''}.</p>}

      {dragging && (
        <div className="flex items-center justify-center gap-2 rounded-xl border-2 border-dashed border-[var(--color-accent)] bg-[var(--color-accent-soft)] px-4 py-6 text-sm font-medium text-[var(--color-accent)]">
          <Upload className="size-5" aria-hidden /> Solte os arquivos para enviar{current ? ` para "${current.name}"` : ''}
          {typedTags?.length ? ` com as etiquetas: ${typedTags.join(', ')}` : ''}
        </div>
      )}

      {sending.length > 0 && (
        <ul className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3" aria-label="Envios em andamento">
          {sending.map((s) => (
            <UploadProgress
              key={s.key}
              upload={s}
              testId="upload-progress"
              action={
                <button type="button" className="underline" onClick={() => s.abort.abort()} aria-label={`Cancelar envio de ${s.name}`}>
                  Cancelar
                </button>
              }
            />
          ))}
        </ul>
      )}
      <UploadFailures failures={failures} onDismiss={(key) => setFailures((all) => all.filter((x) => x.key !== key))} testId="upload-error" />
      <DuplicateOffers
        offers={duplicates}
        onSkip={(o) => setDuplicates((all) => all.filter((x) => x.key !== o.key))}
        onKeep={(o) => {
          setDuplicates((all) => all.filter((x) => x.key !== o.key));
          void o.retry();
        }}
      />

      {!ready || list.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          Carregando materiais…
        </p>
      ) : list.isError ? (
        <p className="text-sm text-red-700" role="alert">
          Não foi possível carregar os materiais.{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : empty ? (
        filtered ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">Nenhum material encontrado com esses filtros.</p>
        ) : allClients ? (
          <EmptyState
            icon={Upload}
            title="Nenhum material ainda"
            description="Nenhuma empresa cliente tem materiais. Escolha a empresa cliente no filtro acima para guardar logos, fotos, vídeos (até 500 MB) e PDFs dela, em pastas e com etiquetas."
          />
        ) : (
          <EmptyState
            icon={current ? FolderOpen : Upload}
            title={current ? 'Pasta vazia' : children.length ? 'Nenhum material fora das pastas' : `Nenhum material de ${clientName ?? 'esta empresa'} ainda`}
            description={`Guarde aqui logos, fotos, vídeos (até 500 MB) e PDFs${current ? ' desta pasta' : ' da empresa'}: a equipe encontra tudo por nome e etiqueta e compartilha por links que expiram. Arraste arquivos para cá ou use o botão.${libraryEmpty && othersHave ? ' Outras empresas clientes já têm materiais.' : ''}`}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => input.current?.click()} disabled={!uploadClientId}>
                  <Upload aria-hidden /> Enviar arquivos
                </Button>
                {libraryEmpty && othersHave && (
                  <Button variant="secondary" onClick={() => set({ cliente: ALL, pasta: undefined })}>
                    Ver materiais de todas as empresas
                  </Button>
                )}
              </div>
            }
          />
        )
      ) : (
        <>
          <Items materials={materials} showClient={allClients} onAction={onAction} />
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
      <p className="text-xs text-slate-600">
        Imagens até {formatFileSize(FILE_KINDS.image.maxBytes)}, documentos até {formatFileSize(FILE_KINDS.document.maxBytes)}, áudios até {formatFileSize(FILE_KINDS.audio.maxBytes)} e vídeos até {formatFileSize(FILE_KINDS.video.maxBytes)}. O tipo é conferido pelo conteúdo do arquivo.
      </p>

      {dialog?.action === 'preview' && <PreviewDialog material={dialog.material} onOpenChange={(o) => !o && setDialog(null)} />}
      {dialog?.action === 'share' && <ShareLinkDialog file={{ id: dialog.material.fileId, name: dialog.material.name }} title="Compartilhar material" open onOpenChange={(o) => !o && setDialog(null)} />}
      {dialog?.action === 'edit' && <EditMaterialDialog material={dialog.material} folders={allFolders} open onOpenChange={(o) => !o && setDialog(null)} onSaved={() => void refresh()} />}
      <ConfirmDeleteDialog
        open={dialog?.action === 'delete'}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Excluir material?"
        description={`"${dialog?.material.name ?? ''}" será excluído e os links compartilhados deixam de funcionar.`}
        failureMessage="Não foi possível excluir o material."
        onConfirm={async () => {
          await deleteMaterial(dialog!.material.id);
          setDialog(null);
          toast.success('Material excluído');
          await refresh();
        }}
      />
      <FolderDialog
        open={folderDialog === 'new'}
        onOpenChange={(o) => setFolderDialog(o ? 'new' : null)}
        title={current ? `Nova pasta em "${current.name}"` : 'Nova pasta'}
        submitLabel="Criar pasta"
        onSubmit={async (name) => {
          await createFolder({ clientId: clientId!, parentId: folderId ?? null, name });
          await refresh();
        }}
      />
      {current && (
        <FolderDialog
          key={current.id}
          open={folderDialog === 'rename'}
          onOpenChange={(o) => setFolderDialog(o ? 'rename' : null)}
          title="Renomear pasta"
          initial={current.name}
          submitLabel="Salvar"
          onSubmit={async (name) => {
            await renameFolder(current.id, name);
            await refresh();
          }}
        />
      )}
      {current && (
        <MoveFolderDialog
          key={`move-${current.id}`}
          folder={current}
          folders={allFolders}
          open={folderDialog === 'move'}
          onOpenChange={(o) => setFolderDialog(o ? 'move' : null)}
          onMoved={() => refresh()}
        />
      )}
      <ConfirmDeleteDialog
        open={folderDialog === 'delete'}
        onOpenChange={(o) => setFolderDialog(o ? 'delete' : null)}
        title="Excluir pasta?"
        description={`A pasta "${current?.name ?? ''}" precisa estar vazia para ser excluída.`}
        failureMessage="Não foi possível excluir a pasta."
        onConfirm={async () => {
          await deleteFolder(current!.id);
          setFolderDialog(null);
          set({ pasta: current!.parentId ?? undefined });
          toast.success('Pasta excluída');
          await refresh();
        }}
      />
    </section>
  );
}
