import type { CanvasBoardListItem, CanvasBoardView } from '@sede/shared/canvas/schemas';
import { count, dateTime, time } from '@sede/shared/format';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, PenLine, Plus, Presentation, Trash2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { createBoard, deleteBoard, renameBoard, useBoard, useBoards } from '../api/boards.ts';
import { canvasKeys } from '../api/keys.ts';
import type { LiveState, SaveState } from '../components/board-editor.tsx';
import { setExcalidrawAssetPath } from '../components/excalidraw-assets.ts';
import { NameDialog } from '../components/name-dialog.tsx';
import { nameColorPickers } from '../lib/name-dialogs.ts';
import { useUrlParams } from '../../../lib/url-params.ts';
import { LivePresence } from '../../../components/collaboration/live-presence.tsx';

// Excalidraw loads only when a board opens (decision 0297): never on the list, /auth or /empresa.
const BoardEditor = lazy(() => {
  setExcalidrawAssetPath();
  return import('../components/board-editor.tsx');
});

const elementsLabel = (n: number) => (n === 0 ? 'Vazio' : n === 1 ? '1 elemento' : `${count(n)} elementos`);

/** Create, rename and delete a board; render `dialog` (the question before a deletion). */
function useBoardActions() {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [, setParams] = useUrlParams();
  const refresh = () => qc.invalidateQueries({ queryKey: canvasKeys.all });
  return {
    dialog: confirm.dialog,
    create: async (title: string) => {
      const board = await createBoard({ id: crypto.randomUUID(), title });
      qc.setQueryData(canvasKeys.one(board.id), board);
      void refresh();
      setParams({ quadro: board.id });
    },
    rename: async (id: string, title: string) => {
      await renameBoard(id, title);
      qc.setQueryData<CanvasBoardView>(canvasKeys.one(id), (old) => (old ? { ...old, title } : old));
      void qc.invalidateQueries({ queryKey: canvasKeys.lists });
    },
    remove: async (board: { id: string; title: string }) => {
      if (!(await confirm.ask({ title: `Excluir o quadro “${board.title}”?`, description: 'O desenho e as imagens dele não poderão ser recuperados.', confirmLabel: 'Excluir', destructive: true }))) return false;
      try {
        await deleteBoard(board.id);
        qc.removeQueries({ queryKey: canvasKeys.one(board.id) });
        void qc.invalidateQueries({ queryKey: canvasKeys.lists });
        toast.success('Quadro excluído.');
        return true;
      } catch (e) {
        toast.error(e instanceof ApiError ? e.message : 'Não foi possível excluir o quadro.');
        return false;
      }
    },
  };
}

function BoardList() {
  const boards = useBoards();
  const actions = useBoardActions();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<CanvasBoardListItem | null>(null);
  useLiveInvalidate('canvas_board', canvasKeys.lists);
  const items = boards.data ?? [];
  const newButton = (label: string) => (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> {label}
    </Button>
  );
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Canvas</h1>
          <p className="mt-1 text-sm text-slate-600">Quadros brancos da empresa para esboçar ideias, fluxos e mapas com a equipe.</p>
        </div>
        {items.length > 0 && newButton('Novo quadro')}
      </div>
      {boards.isPending && <Spinner />}
      {boards.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar os quadros. {boards.error.message}
        </p>
      )}
      {boards.isSuccess && items.length === 0 && (
        <EmptyState
          icon={Presentation}
          title="Nenhum quadro ainda"
          description="Desenhe fluxos de trabalho, mapas mentais e rascunhos de telas em um quadro branco salvo automaticamente, com imagens, que toda a equipe da empresa pode abrir."
          action={newButton('Criar o primeiro quadro')}
        />
      )}
      {items.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Quadros">
          {items.map((b) => (
            <li key={b.id}>
              <Card className="h-full transition-colors hover:border-slate-300">
                <CardContent className="grid gap-2 py-4">
                  <Link to={`/canvas-workspace?quadro=${b.id}`} className="flex items-center gap-2 font-medium text-slate-900 hover:underline">
                    <Presentation className="size-4 shrink-0 text-slate-500" aria-hidden />
                    <span className="truncate">{b.title}</span>
                  </Link>
                  <p className="text-xs text-slate-600">
                    {elementsLabel(b.elements)} · Atualizado em {dateTime(b.updatedAt)}
                    {b.updatedByName ? ` por ${b.updatedByName}` : ''}
                  </p>
                  <div className="flex gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setRenaming(b)} aria-label={`Renomear “${b.title}”`}>
                      <PenLine aria-hidden /> Renomear
                    </Button>
                    {b.canManage && (
                      <Button variant="ghost" size="sm" onClick={() => void actions.remove(b)} aria-label={`Excluir “${b.title}”`}>
                        <Trash2 aria-hidden /> Excluir
                      </Button>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <NameDialog open={creating} onOpenChange={setCreating} title="Novo quadro" submitLabel="Criar quadro" initial="" onSubmit={actions.create} />
      <NameDialog
        open={renaming !== null}
        onOpenChange={(o) => !o && setRenaming(null)}
        title="Renomear quadro"
        submitLabel="Salvar"
        initial={renaming?.title ?? ''}
        onSubmit={(title) => actions.rename(renaming!.id, title)}
      />
      {actions.dialog}
    </div>
  );
}

/** The shared editing's connection and who else is on the board (decision 0311). */
function BoardPresence({ live }: { live: NonNullable<LiveState> }) {
  return (
    <LivePresence
      status={live.status}
      ended={live.ended}
      peers={live.peers}
      peersLabel="Também neste quadro"
      connectedHint="o quadro é salvo automaticamente."
      reconnectingHint="seus traços ficam guardados e são enviados quando a conexão voltar."
    />
  );
}

function BoardScreen({ id }: { id: string }) {
  const board = useBoard(id);
  const actions = useBoardActions();
  const [, setParams] = useUrlParams();
  const [state, setState] = useState<SaveState | null>(null);
  const editorArea = useCallback((el: HTMLElement | null) => (el ? nameColorPickers(el) : undefined), []);
  const [live, setLive] = useState<LiveState>(null);
  const [renaming, setRenaming] = useState(false);
  const [opened, setOpened] = useState(0);
  const onState = useCallback((s: SaveState) => setState(s), []);
  const onLive = useCallback((l: LiveState) => setLive(l), []);
  const reload = useCallback(async () => {
    await board.refetch();
    setState(null);
    setLive(null);
    setOpened((n) => n + 1);
  }, [board.refetch]);
  // Someone replaced the board outside shared editing (decision 0311): it reopens from the saved scene.
  // Lost access or signed out (decision 0420): the reload answers 404 or 401.
  const ended = live?.ended;
  useEffect(() => {
    if (ended === 'reset' || ended === 'noAccess' || ended === 'signedOut') void reload();
  }, [ended, reload]);
  if (board.isPending) return <Spinner />;
  if (board.isError) {
    const gone = board.error instanceof ApiError && board.error.status === 404;
    return (
      <EmptyState
        icon={Presentation}
        title={gone ? 'Quadro não encontrado' : 'Não foi possível abrir o quadro'}
        description={gone ? 'Ele pode ter sido excluído.' : board.error.message}
        action={
          <Button asChild variant="secondary">
            <Link to="/canvas-workspace">Ver os quadros</Link>
          </Button>
        }
      />
    );
  }
  const b = board.data;
  const status =
    state === null ? `Salvo às ${time(b.updatedAt)}` : state.kind === 'saved' ? `Salvo às ${time(state.at)}` : state.kind === 'saving' ? 'Salvando…' : state.kind === 'dirty' ? 'Alterações não salvas' : state.kind === 'error' ? state.message : 'Não salvo';
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Button asChild variant="link" className="w-fit px-0">
            <Link to="/canvas-workspace">
              <ArrowLeft aria-hidden /> Quadros
            </Link>
          </Button>
          <h1 className="truncate text-lg font-semibold text-slate-900">{b.title}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {live ? (
            <BoardPresence live={live} />
          ) : (
            <span role="status" className={`text-xs ${state?.kind === 'error' || state?.kind === 'conflict' ? 'text-red-700' : 'text-slate-600'}`}>
              {status}
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={() => setRenaming(true)}>
            <PenLine aria-hidden /> Renomear
          </Button>
          {b.canManage && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Excluir quadro"
              onClick={async () => {
                if (await actions.remove(b)) setParams({});
              }}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {(live?.ended === 'tooBig' || live?.ended === 'readOnly') && (
        <FormAlert title={live.ended === 'tooBig' ? 'A última alteração é grande demais para ser enviada.' : 'Você não pode alterar este quadro.'}>
          <p className="mt-1">{live.ended === 'tooBig' ? 'Ela não foi salva. Recarregue o quadro e divida o desenho em partes menores.' : 'Suas alterações não foram salvas.'}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void reload()}>
            Recarregar quadro
          </Button>
        </FormAlert>
      )}
      {state?.kind === 'conflict' && (
        <FormAlert title="Outra pessoa alterou este quadro enquanto você desenhava.">
          <p className="mt-1">Seus últimos traços não foram salvos. Recarregue para continuar da versão mais recente.</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void reload()}>
            Recarregar quadro
          </Button>
        </FormAlert>
      )}
      <section ref={editorArea} aria-label={`Quadro ${b.title}`} className="overflow-hidden rounded-xl border border-slate-200 bg-white" style={{ height: 'calc(100dvh - 11rem)', minHeight: '26rem' }}>
        <Suspense fallback={<Spinner />}>
          <BoardEditor key={`${b.id}:${opened}`} board={b} onState={onState} onLive={onLive} />
        </Suspense>
      </section>
      <NameDialog open={renaming} onOpenChange={setRenaming} title="Renomear quadro" submitLabel="Salvar" initial={b.title} onSubmit={(title) => actions.rename(b.id, title)} />
      {actions.dialog}
    </div>
  );
}

/** /canvas-workspace: the company's whiteboards; `?quadro=<id>` opens one (decisions 0295–0297). */
export default function CanvasPage() {
  const [params] = useUrlParams();
  const id = params.get('quadro');
  return id ? <BoardScreen key={id} id={id} /> : <BoardList />;
}
