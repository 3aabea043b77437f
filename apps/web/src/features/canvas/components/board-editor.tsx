import { Excalidraw, hashElementsVersion } from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import type { BinaryFileData, BinaryFiles, ExcalidrawInitialDataState } from '@excalidraw/excalidraw/types';
import type { CanvasBoardView, CanvasScene } from '@sede/shared/canvas/schemas';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fileContentUrl, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { saveScene } from '../api/boards.ts';

export type SaveState = { kind: 'saved'; at: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string } | { kind: 'conflict' };

const AUTOSAVE_MS = 1000;
type Element = CanvasScene['elements'][number] & { isDeleted?: boolean; fileId?: string | null };

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
 * One board in Excalidraw (decisions 0296–0297): every change autosaves after a pause, from the
 * revision it started on (a colleague's newer save is a conflict, never overwritten); images go
 * to the platform's files and the scene keeps their ids only.
 */
export default function BoardEditor({ board, onState }: { board: CanvasBoardView; onState: (s: SaveState) => void }) {
  const revision = useRef(board.revision);
  const scene = useRef<CanvasScene>(board.scene);
  const known = useRef(new Set(Object.values(board.scene.files)));
  const lastHash = useRef<string | null>(null);
  const dirty = useRef(false);
  const conflicted = useRef(false);
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

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

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current) clearTimeout(timer.current);
      void save();
    };
  }, [save]);

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
    <Excalidraw
      langCode="pt-BR"
      initialData={initialData}
      UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false } }}
      generateIdForFile={async (file: File) => {
        // The image becomes a platform file of this board; its id is the element's fileId.
        const refusal = precheck(file, 'image');
        if (refusal) throw new Error(refusal);
        try {
          const info = await uploadFile({ entityType: 'canvas_board', entityId: board.id, kind: 'image', file });
          known.current.add(info.id);
          return info.id;
        } catch (e) {
          throw new Error(e instanceof ApiError ? e.message : 'Não foi possível enviar a imagem.');
        }
      }}
      onChange={(elements, appState) => {
        const hash = `${hashElementsVersion(elements)}:${appState.viewBackgroundColor}`;
        if (lastHash.current === null) {
          // Excalidraw calls nothing while the scene loads; the first call is the board as it opened: nothing to save.
          lastHash.current = hash;
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
    />
  );
}
