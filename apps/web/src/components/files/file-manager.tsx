import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, FileAudio, FileVideo, Download, Link2, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { FILE_KINDS, formatFileSize, type FileInfo, type FileKind } from '@sede/shared/platform/files';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { ShareLinkDialog } from './share-link-dialog.tsx';
import { UploadFailures, UploadProgress } from './upload-status.tsx';
import { deleteFile, entityFilesQueryOptions, fileContentUrl, fileThumbnailUrl, kindFor, precheck, refreshEntityFiles, uploadFile } from './files-api.ts';
import { HiddenFileInput } from './hidden-file-input.tsx';

type Sending = { key: string; name: string; progress: number };
type Failure = { key: string; name: string; message: string };

const KIND_ICONS = { image: FileText, document: FileText, audio: FileAudio, video: FileVideo } as const;

function FileRow({ file, onDelete, deleting }: { file: FileInfo; onDelete: () => void; deleting: boolean }) {
  const Icon = KIND_ICONS[file.kind] ?? FileText;
  const [sharing, setSharing] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap" data-testid="file-row">
      {file.hasThumbnail ? (
        <img src={fileThumbnailUrl(file.id)} alt="" className="size-12 shrink-0 rounded-md border border-slate-200 object-cover" loading="lazy" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
          <Icon className="size-6" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-slate-600">
          {formatFileSize(file.size)} · {new Date(file.createdAt).toLocaleDateString('pt-BR')}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button asChild variant="ghost" size="sm">
          <a href={fileContentUrl(file.id)} download={file.name} aria-label={`Baixar ${file.name}`}>
            <Download aria-hidden />
            <span className="hidden sm:inline">Baixar</span>
          </a>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setSharing(true)} aria-label={`Compartilhar ${file.name}`}>
          <Link2 aria-hidden />
          <span className="hidden sm:inline">Compartilhar</span>
        </Button>
        {sharing && <ShareLinkDialog file={file} open onOpenChange={setSharing} />}
        {file.canDelete && (
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} pending={deleting} aria-label={`Excluir ${file.name}`}>
            {!deleting && <Trash2 aria-hidden />}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The files of one entity (any area): a drop zone and a button to send files, a progress bar
 * per file being sent, refusals in Portuguese, and the list with thumbnails, download,
 * "Compartilhar" (links that expire and can be disabled) and delete for whoever may.
 */
export function FileManager({
  entityType,
  entityId,
  kinds = ['image', 'document'],
  title = 'Arquivos',
  emptyText = 'Nenhum arquivo ainda. Arraste arquivos para cá ou use o botão.',
}: {
  entityType: string;
  entityId: string;
  kinds?: readonly FileKind[];
  title?: string;
  emptyText?: string;
}) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const files = useQuery(entityFilesQueryOptions(entityType, entityId));
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const accept = kinds.map((k) => FILE_KINDS[k].accept).join(',');
  const limits = kinds.map((k) => `${FILE_KINDS[k].label}: ${FILE_KINDS[k].typesLabel} até ${formatFileSize(FILE_KINDS[k].maxBytes)}`).join(' · ');

  async function send(list: FileList | File[]) {
    for (const file of Array.from(list)) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      const kind = kindFor(file, kinds);
      const refused = precheck(file, kind);
      if (refused) {
        setFailures((f) => [...f, { key, name: file.name, message: refused }]);
        continue;
      }
      setSending((s) => [...s, { key, name: file.name, progress: 0 }]);
      try {
        await uploadFile({ entityType, entityId, kind, file, onProgress: (p) => setSending((s) => s.map((x) => (x.key === key ? { ...x, progress: p } : x))) });
        await refreshEntityFiles(qc, entityType, entityId);
      } catch (e) {
        setFailures((f) => [...f, { key, name: file.name, message: e instanceof ApiError ? e.message : 'Falha no envio.' }]);
      } finally {
        setSending((s) => s.filter((x) => x.key !== key));
      }
    }
  }

  async function remove(file: FileInfo) {
    if (!(await confirm.ask({ title: `Excluir "${file.name}"?`, description: 'Links compartilhados deixam de funcionar.', confirmLabel: 'Excluir', destructive: true }))) return;
    setDeleting(file.id);
    try {
      await deleteFile(file.id);
      await refreshEntityFiles(qc, entityType, entityId);
      toast.success('Arquivo excluído');
    } catch (e) {
      toast.error('Não foi possível excluir o arquivo', { description: e instanceof ApiError ? e.message : undefined });
    } finally {
      setDeleting(null);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) void send(e.dataTransfer.files);
  };

  return (
    <div className="grid gap-4" data-testid="file-manager">
      <section
        aria-label={`Enviar ${title.toLowerCase()}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)]' : 'border-slate-300 bg-slate-50',
        )}
      >
        <Upload className="size-6 text-slate-500" aria-hidden />
        <p className="text-sm text-slate-700">Arraste arquivos para cá ou</p>
        <Button type="button" variant="secondary" size="sm" onClick={() => input.current?.click()}>
          Escolher arquivos
        </Button>
        <HiddenFileInput id={inputId} ref={input} label="Escolher arquivos" accept={accept} testId="file-input" onFiles={(files) => void send(files)} />
        <p className="text-xs text-slate-600">{limits}</p>
      </section>

      {sending.length > 0 && (
        <ul className="grid gap-2" aria-live="polite">
          {sending.map((s) => (
            <UploadProgress key={s.key} upload={s} />
          ))}
        </ul>
      )}

      <UploadFailures failures={failures} onDismiss={(key) => setFailures((all) => all.filter((x) => x.key !== key))} testId="file-error" />

      {files.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          Carregando arquivos...
        </p>
      ) : files.isError ? (
        <p className="text-sm text-red-700" role="alert">
          Não foi possível carregar os arquivos.{' '}
          <button type="button" className="underline" onClick={() => void files.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : files.data.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={title}>
          {files.data.map((f) => (
            <FileRow key={f.id} file={f} onDelete={() => void remove(f)} deleting={deleting === f.id} />
          ))}
        </ul>
      )}
      {confirm.dialog}
    </div>
  );
}
