import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { startEarly, takeEarly } from './early-get.ts';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('GET requests started before the page (decision 0761)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('the first api() GET of the path takes the early response; the next one fetches again', async () => {
    const fetch = vi.fn(async (_url: string) => answer({ n: fetch.mock.calls.length }));
    vi.stubGlobal('fetch', fetch);
    startEarly(['/early/one']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/early/one');
    expect(await api('/early/one')).toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await api('/early/one')).toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asked twice within its freshness, one request', () => {
    const fetch = vi.fn(async () => answer({}));
    vi.stubGlobal('fetch', fetch);
    startEarly(['/early/twice']);
    startEarly(['/early/twice']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takeEarly('/early/twice')).toBeDefined();
  });

  it('a GET with its own headers or a path never asked early fetches as before', async () => {
    const fetch = vi.fn(async () => answer({ fresh: true }));
    vi.stubGlobal('fetch', fetch);
    startEarly(['/early/headers']);
    await api('/early/headers', { headers: { 'x-a': '1' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await api('/early/headers')).toEqual({ fresh: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await api('/early/never')).toEqual({ fresh: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a write drops every early response: what is read after it never predates it', async () => {
    const fetch = vi.fn(async (_url: string) => answer({ n: fetch.mock.calls.length }));
    vi.stubGlobal('fetch', fetch);
    startEarly(['/early/before-write']);
    await api('/early/other', { method: 'PATCH', json: { a: 1 } });
    expect(await api('/early/before-write')).toEqual({ n: 3 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a response nobody took within 10 s is dropped', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = vi.fn(async () => answer({}));
    vi.stubGlobal('fetch', fetch);
    startEarly(['/early/stale']);
    vi.setSystemTime(Date.now() + 10_001);
    expect(takeEarly('/early/stale')).toBeUndefined();
  });

  it('an early request that failed is the network error of the api() call that takes it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    startEarly(['/early/offline']);
    await expect(api('/early/offline')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
