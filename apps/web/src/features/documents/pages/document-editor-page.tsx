import { DOCUMENT_LIMITS, type DocContent, type DocumentView } from '@sede/shared/documents/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileText, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { CommentThread } from '../../../components/collaboration/comment-thread.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { deleteDocument } from '../api/delete-document.ts';
import { useDocument } from '../api/get-document.ts';
import { documentKeys } from '../api/keys.ts';
import { saveDocument } from '../api/save-document.ts';
import { ExportButtons } from '../components/export-buttons.tsx';
import { updateDocument } from '../api/update-document.ts';
import { RichEditor } from '../components/rich-editor.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import { VersionsDialog } from '../components/versions-dialog.tsx';
import { SyncProvider } from '../lib/sync-provider.ts';
import { time } from '@sede/shared/format';
import { useSaveOnLeave } from '../../../lib/use-save-on-leave.ts';
import { LivePresence } from '../../../components/collaboration/live-presence.tsx';

const AUTOSAVE_MS = 1200;
type SaveState = { kind: 'saved'; at: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string } | { kind: 'conflict' };

/** Who else has the document open (awareness), and the connection. */
function Presence({ shared }: { shared: SyncProvider }) {
  useSyncExternalStore(shared.subscribe, shared.snapshot);
  return (
    <LivePresence
      status={shared.status}
      ended={shared.ended}
      peers={shared.peers()}
      peersLabel="Também neste documento"
      reconnectingHint="suas alterações ficam guardadas e são enviadas quando a conexão voltar."
    />
  );
}

function Editor({ doc, onReload, shared }: { doc: DocumentView; onReload: () => void; shared?: SyncProvider }) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [title, setTitle] = useState(doc.title);
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: doc.updatedAt });
  const content = useRef<DocContent>(doc.content);
  const revision = useRef(doc.revision);
  const titleRef = useRef(doc.title);
  const dirty = useRef(false);
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    if (saving.current) await saving.current;
    if (!dirty.current) return;
    dirty.current = false;
    setState({ kind: 'saving' });
    const run = (async () => {
      try {
        if (shared) {
          // The text travels through the shared editing; only the title is saved here.
          const view = await updateDocument(doc.id, { title: titleRef.current.trim() || doc.title });
          if (!dirty.current) setState({ kind: 'saved', at: view.updatedAt });
          void qc.invalidateQueries({ queryKey: documentKeys.lists });
          return;
        }
        const res = await saveDocument(doc.id, { title: titleRef.current.trim() || undefined, content: content.current, revision: revision.current });
        revision.current = res.revision;
        if (!dirty.current) setState({ kind: 'saved', at: res.updatedAt });
        qc.setQueryData<DocumentView>(documentKeys.one(doc.id), (old) => (old ? { ...old, title: titleRef.current, content: content.current, revision: res.revision, updatedAt: res.updatedAt } : old));
        void qc.invalidateQueries({ queryKey: documentKeys.lists });
      } catch (e) {
        dirty.current = true;
        if (e instanceof ApiError && e.status === 409) setState({ kind: 'conflict' });
        else setState({ kind: 'error', message: e instanceof ApiError ? e.message : 'Sem conexão: as alterações serão salvas quando ela voltar.' });
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  }, [doc.id, doc.title, qc, shared]);

  const changed = useCallback(() => {
    dirty.current = true;
    setState((s) => (s.kind === 'conflict' ? s : { kind: 'dirty' }));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
  }, [save]);

  useSaveOnLeave(dirty, timer, save);

  const status =
    state.kind === 'saved' ? `Salvo às ${time(state.at)}` : state.kind === 'saving' ? 'Salvando…' : state.kind === 'dirty' ? 'Alterações não salvas' : state.kind === 'error' ? state.message : '';
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="link" className="w-fit">
          <Link to={doc.visibility === 'empresa' ? '/documentacoes-geral' : '/documentacoes'}>
            <ArrowLeft aria-hidden /> Documentos
          </Link>
        </Button>
        <div className="flex flex-wrap items-center gap-2">
          {shared && <Presence shared={shared} />}
          {(!shared || state.kind !== 'saved') && (
            <span role="status" className={`text-xs ${state.kind === 'error' ? 'text-red-700' : 'text-slate-600'}`}>
              {status}
            </span>
          )}
          <ExportButtons documentId={doc.id} beforeExport={save} />
          <VersionsDialog documentId={doc.id} canWrite beforeRestore={save} onRestored={onReload} />
          {doc.canManage && <ShareDialog doc={doc} />}
          {doc.canManage && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Excluir documento"
              onClick={async () => {
                if (!(await confirm.ask({ title: `Excluir “${doc.title}”?`, description: 'As versões e os comentários vão junto.', confirmLabel: 'Excluir', destructive: true }))) return;
                try {
                  dirty.current = false;
                  await deleteDocument(doc.id);
                  await qc.invalidateQueries({ queryKey: documentKeys.lists });
                  toast.success('Documento excluído.');
                  navigate('/documentacoes-geral');
                } catch (e) {
                  toast.error(e instanceof ApiError ? e.message : 'Não foi possível excluir.');
                }
              }}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
          {confirm.dialog}
        </div>
      </div>
      {state.kind === 'conflict' && (
        <FormAlert title="Outra pessoa alterou este documento enquanto você editava.">
          <p className="mt-1">Suas últimas alterações não foram salvas. Copie o que precisar e recarregue para continuar da versão mais recente.</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={onReload}>
            Recarregar documento
          </Button>
        </FormAlert>
      )}
      <label className="sr-only" htmlFor="document-title">
        Título do documento
      </label>
      <textarea
        id="document-title"
        rows={1}
        value={title}
        maxLength={DOCUMENT_LIMITS.title}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        onChange={(e) => {
          const value = e.target.value.replace(/\n/g, ' ');
          setTitle(value);
          titleRef.current = value;
          changed();
        }}
        placeholder="Título"
        className="w-full resize-none bg-transparent text-2xl font-semibold text-slate-900 outline-none [field-sizing:content] placeholder:text-slate-400 focus-visible:underline sm:text-3xl"
      />
      <RichEditor
        documentId={doc.id}
        content={doc.content}
        editable
        shared={shared?.doc}
        awareness={shared?.awareness}
        label={`Texto de ${title || 'documento'}`}
        onChange={(c) => {
          if (shared) return;
          content.current = c;
          changed();
        }}
      />
      <CommentThread entityType="document" entityId={doc.id} />
    </div>
  );
}

/**
 * Shared editing first (decision 0288): once the socket is in sync, the editor edits the Y.Doc;
 * when it cannot connect at all, the page falls back to saving by revision.
 */
function SharedEditor({ doc, onReload }: { doc: DocumentView; onReload: () => void }) {
  const { user } = useAuth();
  const [shared, setShared] = useState<SyncProvider | null>(null);
  const me = user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email } : { id: 'anon', name: 'Alguém' };
  const meRef = useRef(me);
  useEffect(() => {
    const p = new SyncProvider(doc.id, meRef.current);
    p.connect();
    setShared(p);
    return () => p.destroy();
  }, [doc.id]);
  const noop = () => () => {};
  useSyncExternalStore(shared?.subscribe ?? noop, shared?.snapshot ?? (() => 0));
  const ended = shared?.ended;
  // Replaced by another save: reopen it. No longer shared, or signed out (decision 0420): the reload answers 404 or 401.
  useEffect(() => {
    if (ended === 'reset' || ended === 'noAccess' || ended === 'signedOut') onReload();
  }, [ended, onReload]);
  if (!shared || (!shared.synced && shared.status !== 'failed')) return <Spinner />;
  if (shared.status === 'failed') return <Editor doc={doc} onReload={onReload} />;
  return (
    <>
      {(ended === 'tooBig' || ended === 'readOnly') && (
        <FormAlert title={ended === 'tooBig' ? 'A última alteração é grande demais para ser enviada.' : 'Você não pode editar este documento.'}>
          <p className="mt-1">{ended === 'tooBig' ? 'Ela não foi salva. Recarregue o documento e divida o conteúdo em partes menores.' : 'Suas alterações não foram salvas.'}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={onReload}>
            Recarregar documento
          </Button>
        </FormAlert>
      )}
      <Editor doc={doc} onReload={onReload} shared={shared} />
    </>
  );
}

/** /document-editor/:documentId: the editor with shared editing, versions, sharing and comments (decisions 0282, 0288). */
export default function DocumentEditorPage() {
  const { documentId = '' } = useParams();
  const qc = useQueryClient();
  const doc = useDocument(documentId);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(async () => {
    await qc.invalidateQueries({ queryKey: documentKeys.one(documentId) });
    await qc.refetchQueries({ queryKey: documentKeys.one(documentId) });
    setGeneration((g) => g + 1);
  }, [qc, documentId]);
  if (doc.isPending) return <Spinner />;
  if (doc.isError)
    return (
      <EmptyState
        icon={FileText}
        title={doc.error instanceof ApiError && doc.error.status === 404 ? 'Documento não encontrado' : 'Não foi possível abrir o documento'}
        description={doc.error instanceof ApiError && doc.error.status === 404 ? 'Ele pode ter sido excluído, ou não foi compartilhado com você.' : doc.error.message}
        action={
          <Button asChild variant="secondary">
            <Link to="/documentacoes-geral">Ver os documentos</Link>
          </Button>
        }
      />
    );
  return (
    <SharedEditor key={`${doc.data.id}:${generation}`} doc={doc.data} onReload={reload} />
  );
}
