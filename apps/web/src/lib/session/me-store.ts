import { retryDelay } from '@sede/shared/constants';
import { getMe, type Me } from './get-me.ts';

/**
 * Who is signed in, without TanStack Query (decision 0700): the public pages (/auth and the other
 * prerendered ones) need only this answer, and Query is ~10 KB gzip of their first load. The
 * signed-in shell loads Query with its pages; what it changes about the person ('me' events, a
 * company update) comes here through `invalidateMe` / `updateMe`. Same rules as the query it
 * replaces: fresh for 30 s, one retry on an error, a refetch keeps the answer in hand.
 */
export type MeState = {
  /** undefined: not answered yet; null: nobody is signed in. */
  data: Me | null | undefined;
  error: boolean;
  fetching: boolean;
  /** Asked again after a change was announced: the answer in hand may be stale. */
  invalidated: boolean;
};

const STALE_MS = 30_000;
let state: MeState = { data: undefined, error: false, fetching: false, invalidated: false };
let answeredAt = 0;
let inFlight: Promise<Me | null> | null = null;
/** Bumped by `setMe`: an answer asked for before it is dropped (a sign-out wins over a late /me). */
let generation = 0;
const listeners = new Set<() => void>();
const sessionEndListeners = new Set<() => void>();

const set = (next: Partial<MeState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const meState = (): MeState => state;
export const subscribeMe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

async function askWithOneRetry(): Promise<Me | null> {
  try {
    return await getMe();
  } catch {
    await new Promise((r) => setTimeout(r, retryDelay(0)));
    return getMe();
  }
}

/**
 * The answer the server rendered the page with (decision 0766): in hand and fresh, as if /me had
 * just answered, so the first render (the hydration) shows what the server wrote. `undefined`
 * puts the store back to "not answered yet" (the server's renderer, between two requests).
 */
export function seedMe(me: Me | null | undefined): void {
  cameWithPage = me !== undefined;
  generation++;
  inFlight = null;
  answeredAt = me === undefined ? 0 : Date.now();
  set({ data: me, error: false, fetching: false, invalidated: false });
}

let cameWithPage = false;
/** Whether the page came with its data, rendered by the server (decision 0766). */
export const meCameWithPage = () => cameWithPage;

/** Asks /me now (one request at a time); resolves with the answer, rejects when it failed twice. */
export function fetchMe(): Promise<Me | null> {
  if (inFlight) return inFlight;
  const asked = generation;
  set({ fetching: true });
  const request: Promise<Me | null> = askWithOneRetry().then(
    (me) => {
      if (inFlight === request) inFlight = null;
      if (asked === generation) {
        answeredAt = Date.now();
        set({ data: me, error: false, fetching: false, invalidated: false });
      }
      return me;
    },
    (e: unknown) => {
      if (inFlight === request) inFlight = null;
      if (asked === generation) set({ error: true, fetching: false, invalidated: false });
      throw e;
    },
  );
  inFlight = request;
  return request;
}

/** Asks /me unless a fresh answer is in hand or on its way (a page mounting, the entry's early ask). */
export function ensureMe(): void {
  if (inFlight || (state.data !== undefined && !state.error && Date.now() - answeredAt < STALE_MS)) return;
  void fetchMe().catch(() => null);
}

/**
 * A change was announced: ask again, keeping the answer in hand meanwhile. From a task of its own,
 * as the query cache told its readers: a mutation's own callbacks (a toast) run first, before the
 * permission guard hides the page while access is verified.
 */
export function invalidateMe(): void {
  setTimeout(() => {
    set({ invalidated: true });
    void fetchMe().catch(() => null);
  }, 0);
}

/** Changes the answer in hand (a balance relayed live), the request on its way carrying on. */
export function updateMe(update: (me: Me | null | undefined) => Me | null | undefined): void {
  set({ data: update(state.data) });
}

/** Nobody is signed in any more: the answer is null, one still on its way is dropped, caches are emptied. */
export function endSession(): void {
  generation++;
  inFlight = null;
  answeredAt = Date.now();
  set({ data: null, error: false, fetching: false, invalidated: false });
  for (const l of sessionEndListeners) l();
}

/** What else holds the person's data (the signed-in shell's query cache) empties itself here. */
export const onSessionEnd = (listener: () => void) => {
  sessionEndListeners.add(listener);
  return () => void sessionEndListeners.delete(listener);
};
