import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh-queries.ts';

/** A fetch held until `answer`: the state of the server when it started. */
function heldFetch(qc: QueryClient, key: string[]) {
  let answer: (v: string) => void = () => {};
  const fetching = qc.fetchQuery({ queryKey: key, queryFn: () => new Promise<string>((r) => (answer = r)), staleTime: 0 });
  return { answer: (v: string) => answer(v), fetching };
}

describe('refreshQueries (decisions 0743, 0745)', () => {
  it('a list nobody shows, invalidated while a fetch from before the change is in flight, is fetched again when shown', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 120_000, retry: false } } });
    const key = ['rh-recruiting', 'interviews'];
    const before = heldFetch(qc, key);
    const refreshed = refreshQueries(qc, ['rh-recruiting']);
    before.answer('analisando');
    expect(await before.fetching).toBe('analisando');
    await refreshed;
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
    // Shown again: the list is fetched, and says what the server says now.
    const observer = new QueryObserver(qc, { queryKey: key, queryFn: async () => 'avançar' });
    const shown = new Promise<string | undefined>((resolve) => {
      const stop = observer.subscribe((r) => {
        if (r.status === 'success' && !r.isFetching) {
          stop();
          resolve(r.data as string);
        }
      });
    });
    expect(await shown).toBe('avançar');
  });

  it('a first load under way when the change comes is fetched again once it ends (the files card, decision 0743)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 120_000, retry: false } } });
    const key = ['files', 'contract', 'c1'];
    let calls = 0;
    let answerFirst: (v: string[]) => void = () => {};
    const observer = new QueryObserver(qc, { queryKey: key, queryFn: () => (++calls === 1 ? new Promise<string[]>((r) => (answerFirst = r)) : Promise.resolve(['fornecimento.pdf'])) });
    const seen: Array<string[] | undefined> = [];
    const stop = observer.subscribe((r) => seen.push(r.data));
    await new Promise((r) => setTimeout(r, 0));
    const refreshed = refreshQueries(qc, key, { exact: true });
    answerFirst([]);
    await refreshed;
    await new Promise((r) => setTimeout(r, 0));
    stop();
    expect(calls).toBe(2);
    expect(qc.getQueryData(key)).toEqual(['fornecimento.pdf']);
  });

  it('plain invalidation loses that change (why refreshQueries exists)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 120_000, retry: false } } });
    const key = ['rh-recruiting', 'interviews'];
    const before = heldFetch(qc, key);
    await qc.invalidateQueries({ queryKey: ['rh-recruiting'] });
    before.answer('analisando');
    await before.fetching;
    expect(qc.getQueryState(key)?.isInvalidated).toBe(false);
    expect(qc.getQueryData(key)).toBe('analisando');
  });
});
