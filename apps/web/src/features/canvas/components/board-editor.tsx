import { CaptureUpdateAction, Excalidraw, hashElementsVersion, MainMenu, reconcileElements } from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type { BinaryFileData, BinaryFiles, Collaborator, ExcalidrawImperativeAPI, ExcalidrawInitialDataState, SocketId } from '@excalidraw/excalidraw/types';
import { CANVAS_YDOC, type CanvasBoardView, type CanvasScene } from '@sede/shared/canvas/schemas';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import { fileContentUrl, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { type Peer, SyncProvider, type SyncStatus } from '../../../lib/sync/sync-provider.ts';
import { saveScene } from '../api/boards.ts';
import { byIndex, copies, LOCAL, newer, plain, type SyncedElement } from '../lib/shared-scene.ts';
import { useSaveOnLeave } from '../../../lib/use-save-on-leave.ts';

export type SaveState = { kind: 'saved'; at: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string } | { kind: 'conflict' };
/** The shared editing's state for the page's header (null: the board saves by revision, the fallback). */
export type LiveState = { status: SyncStatus; peers: Peer[]; ended: SyncProvider['ended'] } | null;

const AUTOSAVE_MS = 1000;
type Element = CanvasScene['elements'][number] & { isDeleted?: boolean; fileId?: string | null };

/** A pasted or dropped image becomes a platform file of the board; its id is the element's fileId. */
async function uploadImage(boardId: string, file: File, known: Set<string>): Promise<string> {
  const refusal = precheck(file, 'image');
  if (refusal) throw new Error(refusal);
  try {
    const info = await uploadFile({ entityType: 'canvas_board', entityId: boardId, kind: 'image', file });
    known.add(info.id);
    return info.id;
  } catch (e) {
    throw new Error(e instanceof ApiError ? e.message : 'Não foi possível enviar a imagem.');
  }
}

const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** The board's images, read from the platform's files into what Excalidraw draws (data URLs kept in memory only). */
async function loadFiles(files: Record<string, string>): Promise<BinaryFiles> {
  const out: BinaryFiles = {};
  await Promise.all(
    Object.entries(files).map(async ([excalidrawId, fileId]) => {
      try {
        const res = await fetch(fileContentUrl(fileId), { credentials: 'same-origin' });
        if (!res.ok) return;
        const blob = await res.blob();
        out[excalidrawId] = { id: excalidrawId, mimeType: blob.type || 'image/png', dataURL: (await toDataUrl(blob)) as BinaryFileData['dataURL'], created: Date.now() } as BinaryFileData;
      } catch {
        // A missing image draws as Excalidraw's placeholder; the rest of the board opens.
      }
    }),
  );
  return out;
}

/**
 * The board takes no input until Excalidraw has loaded its scene (decision 0734). Excalidraw 0.18
 * draws its canvas before the scene is in: a click or a key in between acts on its state from
 * before the load, whose `isLoading` then comes back for good. Excalidraw stays "Carregando cena…",
 * shows what is drawn but never calls `onChange` again: nothing more is sent or saved. Its first
 * `onChange` comes only once loaded; until then the board is inert and busy.
 */
function LoadingGuard({ ready, children }: { ready: boolean; children: ReactNode }) {
  return (
    <div className="h-full" inert={!ready} aria-busy={!ready}>
      {children}
    </div>
  );
}

/**
 * The fallback when the sync cannot be reached (decisions 0296, 0311): every change autosaves after
 * a pause, from the revision it started on (a colleague's newer save is a conflict, never
 * overwritten); images go to the platform's files and the scene keeps their ids only.
 */
function SavedBoard({ board, onState }: { board: CanvasBoardView; onState: (s: SaveState) => void }) {
  const revision = useRef(board.revision);
  const scene = useRef<CanvasScene>(board.scene);
  const known = useRef(new Set(Object.values(board.scene.files)));
  const lastHash = useRef<string | null>(null);
  const dirty = useRef(false);
  const conflicted = useRef(false);
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [ready, setReady] = useState(false);

  const save = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    if (saving.current) await saving.current;
    if (!dirty.current || conflicted.current) return;
    dirty.current = false;
    onState({ kind: 'saving' });
    const run = (async () => {
      try {
        const res = await saveScene(board.id, { scene: scene.current, revision: revision.current });
        revision.current = res.revision;
        if (!dirty.current) onState({ kind: 'saved', at: res.updatedAt });
      } catch (e) {
        dirty.current = true;
        if (e instanceof ApiError && e.status === 409) {
          conflicted.current = true;
          onState({ kind: 'conflict' });
        } else onState({ kind: 'error', message: e instanceof ApiError && e.status ? e.message : 'Sem conexão: o desenho será salvo quando ela voltar.' });
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  }, [board.id, onState]);

  useSaveOnLeave(dirty, timer, save);

  const initialData = useMemo<() => Promise<ExcalidrawInitialDataState>>(
    () => async () => ({
      elements: board.scene.elements as unknown as ExcalidrawInitialDataState['elements'],
      appState: { viewBackgroundColor: board.scene.appState.viewBackgroundColor ?? '#ffffff' },
      files: await loadFiles(board.scene.files),
      scrollToContent: true,
    }),
    [board],
  );

  return (
    <LoadingGuard ready={ready}>
      <Excalidraw
        langCode="pt-BR"
        initialData={initialData}
        UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false } }}
        generateIdForFile={(file: File) => uploadImage(board.id, file, known.current)}
        onChange={(elements, appState) => {
          const hash = `${hashElementsVersion(elements)}:${appState.viewBackgroundColor}`;
          if (lastHash.current === null) {
            // Excalidraw calls nothing while the scene loads; the first call is the board as it opened: nothing to save.
            lastHash.current = hash;
            setReady(true);
            return;
          }
          if (hash === lastHash.current) return;
          lastHash.current = hash;
          const live = (elements as unknown as Element[]).filter((el) => !el.isDeleted);
          const files: Record<string, string> = {};
          for (const el of live) if (el.type === 'image' && el.fileId && known.current.has(el.fileId)) files[el.fileId] = el.fileId;
          for (const [excalidrawId, fileId] of Object.entries(board.scene.files)) if (live.some((el) => el.fileId === excalidrawId)) files[excalidrawId] = fileId;
          scene.current = { elements: live, appState: { viewBackgroundColor: appState.viewBackgroundColor }, files };
          dirty.current = true;
          if (!conflicted.current) onState({ kind: 'dirty' });
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
        }}
      >
        <BoardMenu />
      </Excalidraw>
    </LoadingGuard>
  );
}

/** Excalidraw's menu without its own links (GitHub, X, Discord) and dark mode, which the rest of Sede lacks. */
function BoardMenu() {
  return (
    <MainMenu>
      <MainMenu.DefaultItems.Export />
      <MainMenu.DefaultItems.SaveAsImage />
      <MainMenu.DefaultItems.SearchMenu />
      <MainMenu.DefaultItems.Help />
      <MainMenu.DefaultItems.ClearCanvas />
      <MainMenu.Separator />
      <MainMenu.DefaultItems.ChangeCanvasBackground />
    </MainMenu>
  );
}

/** How often a drawing's changes go out (a drag changes the element every frame). */
const SEND_MS = 50;
const POINTER_MS = 50;
/**
 * A board edited together (decision 0311): the scene lives in the shared Y.Doc (elements by id in a
 * Y.Map, images as platform file ids, the background); our changes go out every 50 ms, each element
 * only when its version is newer than the shared one; the others' arrive through
 * `reconcileElements`, and their pointers through awareness as Excalidraw's collaborators.
 */
function LiveBoard({ board, provider }: { board: CanvasBoardView; provider: SyncProvider }) {
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  const doc = provider.doc;
  const yElements = doc.getMap<SyncedElement>(CANVAS_YDOC.elements);
  const yFiles = doc.getMap<string>(CANVAS_YDOC.files);
  const yApp = doc.getMap<string>(CANVAS_YDOC.appState);
  const known = useRef(new Set<string>());
  const loading = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastHash = useRef<string | null>(null);
  const lastPointer = useRef(0);
  const [ready, setReady] = useState(false);

  /** Images the scene shows but this page has not loaded yet: read from the platform's files. */
  const loadMissingFiles = useCallback(async () => {
    const a = api.current;
    if (!a) return;
    const have = a.getFiles();
    const wanted: Record<string, string> = {};
    for (const [excalidrawId, fileId] of yFiles.entries()) if (!have[excalidrawId] && !loading.current.has(excalidrawId)) wanted[excalidrawId] = fileId;
    if (!Object.keys(wanted).length) return;
    for (const k of Object.keys(wanted)) loading.current.add(k);
    const files = await loadFiles(wanted);
    if (Object.keys(files).length) a.addFiles(Object.values(files));
  }, [yFiles]);

  /** Our elements newer than the shared ones, our new images and the background, in one update. */
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const a = api.current;
    if (!a) return;
    const elements = a.getSceneElementsIncludingDeleted() as unknown as SyncedElement[];
    const bg = a.getAppState().viewBackgroundColor;
    doc.transact(() => {
      for (const el of elements) {
        if (newer(el, yElements.get(el.id))) yElements.set(el.id, plain(el));
        if (el.type === 'image' && el.fileId && !el.isDeleted && known.current.has(el.fileId) && !yFiles.has(el.fileId)) yFiles.set(el.fileId, el.fileId);
      }
      if (bg && yApp.get('viewBackgroundColor') !== bg) yApp.set('viewBackgroundColor', bg);
    }, LOCAL);
  }, [doc, yElements, yFiles, yApp]);

  const schedule = useCallback(() => {
    if (!timer.current) timer.current = setTimeout(flush, SEND_MS);
  }, [flush]);

  useEffect(() => {
    // The others' elements: reconciled with ours (an element being edited here stays ours), never in our undo history.
    const onElements = (event: Y.YMapEvent<SyncedElement>, tx: Y.Transaction) => {
      const a = api.current;
      if (!a || tx.origin === LOCAL) return;
      const remote = copies([...event.keysChanged].map((k) => yElements.get(k)).filter((e): e is SyncedElement => !!e));
      if (!remote.length) return;
      const merged = reconcileElements(a.getSceneElementsIncludingDeleted() as OrderedExcalidrawElement[], remote as unknown as RemoteExcalidrawElement[], a.getAppState());
      a.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
      // Where ours is newer (a concurrent change lost Yjs's tie-break), ours goes out again: the higher version wins everywhere.
      const mine = new Map((merged as unknown as SyncedElement[]).map((e) => [e.id, e]));
      if (remote.some((r) => {
        const m = mine.get(r.id);
        return m !== undefined && newer(m, r);
      }))
        schedule();
      void loadMissingFiles();
    };
    const onApp = (_e: unknown, tx: Y.Transaction) => {
      const a = api.current;
      const bg = yApp.get('viewBackgroundColor');
      if (!a || tx.origin === LOCAL || !bg || a.getAppState().viewBackgroundColor === bg) return;
      a.updateScene({ appState: { viewBackgroundColor: bg }, captureUpdate: CaptureUpdateAction.NEVER });
    };
    const onFiles = (_e: unknown, tx: Y.Transaction) => {
      if (tx.origin !== LOCAL) void loadMissingFiles();
    };
    // Colleagues' pointers (awareness, decision 0311) as Excalidraw's collaborators.
    const onAwareness = (_change: unknown, origin: unknown) => {
      const a = api.current;
      if (!a || origin === 'local') return;
      const collaborators = new Map<SocketId, Collaborator>();
      for (const [clientId, state] of provider.awareness.getStates()) {
        if (clientId === doc.clientID) continue;
        const st = state as { user?: { id?: string; name?: string; color?: string }; pointer?: Collaborator['pointer']; button?: 'up' | 'down' };
        if (!st.user?.name) continue;
        collaborators.set(String(clientId) as SocketId, {
          id: st.user.id,
          username: st.user.name,
          color: { background: st.user.color ?? '#2563eb', stroke: st.user.color ?? '#2563eb' },
          ...(st.pointer ? { pointer: st.pointer } : {}),
          ...(st.button ? { button: st.button } : {}),
        });
      }
      a.updateScene({ collaborators });
    };
    yElements.observe(onElements);
    yApp.observe(onApp);
    yFiles.observe(onFiles);
    provider.awareness.on('change', onAwareness);
    return () => {
      yElements.unobserve(onElements);
      yApp.unobserve(onApp);
      yFiles.unobserve(onFiles);
      provider.awareness.off('change', onAwareness);
      // Leaving: what is pending goes out before the socket closes.
      flush();
    };
  }, [provider, doc, yElements, yApp, yFiles, flush, schedule, loadMissingFiles]);

  const initialData = useMemo<() => Promise<ExcalidrawInitialDataState>>(
    () => async () => {
      const files: Record<string, string> = {};
      for (const [k, v] of yFiles.entries()) files[k] = v;
      for (const k of Object.keys(files)) loading.current.add(k);
      const bg = yApp.get('viewBackgroundColor');
      return {
        elements: copies(yElements.values()).sort(byIndex) as unknown as ExcalidrawInitialDataState['elements'],
        appState: { viewBackgroundColor: bg ?? board.scene.appState.viewBackgroundColor ?? '#ffffff' },
        files: await loadFiles(files),
        scrollToContent: true,
      };
    },
    [board, yElements, yFiles, yApp],
  );

  return (
    <LoadingGuard ready={ready}>
      <Excalidraw
        langCode="pt-BR"
        initialData={initialData}
        isCollaborating
        excalidrawAPI={(a) => {
          api.current = a;
        }}
        UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false } }}
        generateIdForFile={(file: File) => uploadImage(board.id, file, known.current)}
        onPointerUpdate={({ pointer, button }) => {
          const now = Date.now();
          if (now - lastPointer.current < POINTER_MS) return;
          lastPointer.current = now;
          provider.awareness.setLocalStateField('pointer', { x: pointer.x, y: pointer.y, tool: pointer.tool });
          provider.awareness.setLocalStateField('button', button);
        }}
        onChange={(elements, appState) => {
          const hash = `${hashElementsVersion(elements)}:${appState.viewBackgroundColor}`;
          if (hash === lastHash.current) return;
          const first = lastHash.current === null;
          lastHash.current = hash;
          // The board as it opened: what others drew while Excalidraw was loading (before its API
          // existed) is reconciled in once; then our own changes go out.
          if (first) setReady(true);
          if (first && api.current) {
            const merged = reconcileElements(api.current.getSceneElementsIncludingDeleted() as OrderedExcalidrawElement[], copies(yElements.values()) as unknown as RemoteExcalidrawElement[], appState);
            api.current.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
            void loadMissingFiles();
          }
          schedule();
        }}
      >
        <BoardMenu />
      </Excalidraw>
    </LoadingGuard>
  );
}

const noSubscribe = () => () => {};
const zero = () => 0;

/**
 * One board (decisions 0296–0297, 0311): edited together through the platform's sync; when the
 * sync cannot be reached at all, the board saves by revision instead.
 */
export default function BoardEditor({ board, onState, onLive }: { board: CanvasBoardView; onState: (s: SaveState) => void; onLive: (l: LiveState) => void }) {
  const { user } = useAuth();
  const me = useRef(user ? { id: user.id, name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email } : { id: 'anon', name: 'Alguém' });
  const [provider, setProvider] = useState<SyncProvider | null>(null);
  useEffect(() => {
    const p = new SyncProvider(`/api/canvas/boards/${board.id}/sync`, me.current);
    p.connect();
    setProvider(p);
    // After the board's own cleanup (which sends what is pending): React unmounts parents first.
    return () => queueMicrotask(() => p.destroy());
  }, [board.id]);
  useSyncExternalStore(provider?.subscribe ?? noSubscribe, provider?.snapshot ?? zero);
  const live = !!provider?.synced;
  // The header follows the connection, the people here and an end.
  useEffect(() => {
    if (!provider) return;
    const report = () => onLive(provider.synced ? { status: provider.status, peers: provider.peers(), ended: provider.ended } : null);
    report();
    const off = provider.subscribe(report);
    return () => {
      off();
    };
  }, [provider, onLive]);
  // Leaving with changes the server has not received yet asks first.
  useEffect(() => {
    if (!provider) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (provider.synced && provider.status !== 'connected') e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [provider]);
  if (!provider || (!live && provider.status !== 'failed')) return <Spinner label="Conectando ao quadro…" />;
  if (!live) return <SavedBoard board={board} onState={onState} />;
  return <LiveBoard board={board} provider={provider} />;
}
