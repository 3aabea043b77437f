/**
 * The rules of a board's shared scene (decision 0311), apart from React and Excalidraw so they are
 * tested on their own: which element wins, in which order elements draw, and how values cross
 * between Excalidraw and the Y.Doc.
 */
import { byCanvasIndex } from '@sede/shared/canvas/schemas';

export type SyncedElement = { id: string; version: number; versionNonce: number; isDeleted?: boolean; index?: string | null; type: string; fileId?: string | null };
/** The origin of this page's own writes to the shared state. */
export const LOCAL = Symbol('local');

/** Whether our element replaces the shared one: the higher version, then the lower nonce (Excalidraw's own rule). */
export const newer = (mine: SyncedElement, theirs: SyncedElement | undefined) =>
  !theirs || mine.version > theirs.version || (mine.version === theirs.version && mine.versionNonce < theirs.versionNonce);
/** Excalidraw's drawing order (the server sorts the stored scene the same way). */
export const byIndex = byCanvasIndex;
/** A frozen Excalidraw element as plain data for the Y.Map. */
export const plain = (el: unknown) => JSON.parse(JSON.stringify(el)) as SyncedElement;
/** The shared elements as copies: Excalidraw may fix an element's `index` in place, and Yjs's own values must never change under it. */
export const copies = (els: Iterable<SyncedElement>) => [...els].map((e) => structuredClone(e));

