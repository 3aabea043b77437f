import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_AUTH_TOKEN_KEY } from './get-me.ts';

const person = (amount: number) => ({ user: { id: 'u1' }, company: { id: 'c1', currency_amount: amount }, profile: null, membership: null, permissions: {} });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch whose /api/me answers wait until the test releases them, in order. */
function heldFetch() {
  const waiting: Array<(r: Response) => void> = [];
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return new Promise<Response>((resolve) => waiting.push(resolve));
  });
  return { calls, answer: (body: unknown, status = 200) => waiting.shift()!(json(body, status)) };
}

// A fresh store per test: the module holds the page's one answer.
const freshStore = async () => {
  vi.resetModules();
  return import('./me-store.ts');
};

describe('who is signed in, without TanStack Query (decision 0700)', () => {
  // The session hint of a signed-in browser (get-me.ts): /me is asked at once.
  beforeEach(() => {
    const items = new Map([[LOCAL_AUTH_TOKEN_KEY, 'cookie-session']]);
    vi.stubGlobal('localStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks /me once however many ask at the same time, then keeps the answer fresh', async () => {
    const store = await freshStore();
    const net = heldFetch();
    store.ensureMe();
    store.ensureMe();
    const asked = store.fetchMe();
    expect(net.calls).toEqual(['/api/me']);
    expect(store.meState()).toMatchObject({ data: undefined, fetching: true });
    net.answer(person(10));
    await asked;
    expect(store.meState()).toMatchObject({ data: person(10), fetching: false, error: false });
    store.ensureMe();
    expect(net.calls).toHaveLength(1);
  });

  it('a refetch after an announced change keeps the answer in hand and says access is being verified', async () => {
    const store = await freshStore();
    const net = heldFetch();
    const first = store.fetchMe();
    net.answer(person(10));
    await first;
    store.invalidateMe();
    await vi.waitFor(() => expect(store.meState()).toMatchObject({ data: person(10), fetching: true, invalidated: true }));
    net.answer(person(20));
    await vi.waitFor(() => expect(store.meState()).toMatchObject({ data: person(20), fetching: false, invalidated: false }));
  });

  it('ending the session drops an answer still on its way and empties what registered', async () => {
    const store = await freshStore();
    const net = heldFetch();
    const emptied = vi.fn();
    store.onSessionEnd(emptied);
    const late = store.fetchMe();
    store.endSession();
    expect(emptied).toHaveBeenCalledOnce();
    net.answer(person(10));
    await late;
    expect(store.meState().data).toBeNull();
  });

  it('a live balance changes the answer in hand; nobody signed in is an answer, not an error', async () => {
    const store = await freshStore();
    const net = heldFetch();
    const first = store.fetchMe();
    net.answer({ message: 'Não autenticado' }, 401);
    expect(await first).toBeNull();
    expect(store.meState()).toMatchObject({ data: null, error: false });
    store.updateMe((me) => me && { ...me });
    expect(store.meState().data).toBeNull();
  });
});
