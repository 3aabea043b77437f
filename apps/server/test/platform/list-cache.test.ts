import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/platform/changes.ts';
import { createListCache } from '../../src/platform/list-cache.ts';

/**
 * The lists' memory (platform/list-cache.ts, decision 0771) against the interleavings that could
 * serve a stale or foreign answer: each made by hand, a fill waiting on a promise the test
 * releases after the change.
 */
function feed() {
  const listeners = new Set<(c: Change) => void>();
  let live = true;
  return {
    subscribe: (l: (c: Change) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isLive: () => live,
    hear: (c: Change) => listeners.forEach((l) => l(c)),
    setLive: (v: boolean) => void (live = v),
  };
}
const A = { companyId: '11111111-1111-4111-8111-111111111111' };
const B = { companyId: '22222222-2222-4222-8222-222222222222' };
const LIST = { list: 'crm.deals', scope: [{ limit: 50, status: 'all' }, 'user-1'] };
const MB = 1024 * 1024;

function gate() {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  return { opened, release };
}
const text = (b: Buffer | string) => (typeof b === 'string' ? b : b.toString('utf8'));

/** A list whose answer is the number of its computations so far: a kept answer repeats it. */
function counter() {
  let n = 0;
  return { compute: async () => ({ n: ++n }), count: () => n };
}

describe('the lists kept in memory', () => {
  it('serves the same bytes until the company changes, then computes again', async () => {
    const f = feed();
    const cache = createListCache(f, MB);
    const c = counter();
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":1}');
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":1}');
    f.hear({ t: 'lists', companyIds: [B.companyId] });
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":1}');
    f.hear({ t: 'lists', companyIds: [B.companyId, A.companyId] });
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":2}');
    cache.changed(A.companyId); // this instance's own write
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":3}');
    f.hear({ t: 'user', userId: 'someone' }); // a sign-in, a profile: the lists' own announcement says what matters
    f.hear({ t: 'member', userId: 'someone', companyId: A.companyId });
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":3}');
    f.hear({ t: 'lists', all: true });
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":4}');
    expect(c.count()).toBe(4);
  });

  it('never answers one company, list or scope with another’s entry', async () => {
    const cache = createListCache(feed(), MB);
    const c = counter();
    await cache.json(A, LIST, c.compute);
    expect(text(await cache.json(B, LIST, c.compute))).toBe('{"n":2}');
    expect(text(await cache.json(A, { ...LIST, list: 'crm.deals.v1' }, c.compute))).toBe('{"n":3}');
    expect(text(await cache.json(A, { ...LIST, scope: [{ limit: 50, status: 'all' }, 'user-2'] }, c.compute))).toBe('{"n":4}');
    expect(text(await cache.json(A, { ...LIST, scope: [{ limit: 10, status: 'all' }, 'user-1'] }, c.compute))).toBe('{"n":5}');
    // A company's change leaves the other's entry alone.
    cache.changed(B.companyId);
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":1}');
  });

  it('a fill that began before another instance’s change and ends after its announcement is answered, not kept', async () => {
    const f = feed();
    const cache = createListCache(f, MB);
    const g = gate();
    const early = cache.json(A, LIST, async () => {
      await g.opened; // its statement read the rows before the change committed
      return { v: 'old' };
    });
    f.hear({ t: 'lists', companyIds: [A.companyId] });
    // A fill after the announcement, finished before the early one: the one kept.
    expect(text(await cache.json(A, LIST, async () => ({ v: 'new' })))).toBe('{"v":"new"}');
    g.release();
    expect(text(await early)).toBe('{"v":"old"}');
    expect(text(await cache.json(A, LIST, async () => ({ v: 'other' })))).toBe('{"v":"new"}');
  });

  it('a fill that raced this instance’s own write is answered, not kept', async () => {
    const cache = createListCache(feed(), MB);
    const g = gate();
    const early = cache.json(A, LIST, async () => {
      await g.opened;
      return { v: 'old' };
    });
    cache.changed(A.companyId);
    g.release();
    expect(text(await early)).toBe('{"v":"old"}');
    expect(text(await cache.json(A, LIST, async () => ({ v: 'new' })))).toBe('{"v":"new"}');
  });

  it('a fill kept before the change reaches this instance is dropped by it', async () => {
    const f = feed();
    const cache = createListCache(f, MB);
    await cache.json(A, LIST, async () => ({ v: 'old' }));
    f.hear({ t: 'lists', companyIds: [A.companyId] });
    expect(text(await cache.json(A, LIST, async () => ({ v: 'new' })))).toBe('{"v":"new"}');
  });

  it('a change of another company does not stop a fill from being kept', async () => {
    const f = feed();
    const cache = createListCache(f, MB);
    const g = gate();
    const fill = cache.json(A, LIST, async () => {
      await g.opened;
      return { v: 'kept' };
    });
    f.hear({ t: 'lists', companyIds: [B.companyId] });
    g.release();
    await fill;
    expect(text(await cache.json(A, LIST, async () => ({ v: 'other' })))).toBe('{"v":"kept"}');
  });

  it('keeps and serves nothing while the feed is down, and starts over after its reset', async () => {
    const f = feed();
    const cache = createListCache(f, MB);
    const c = counter();
    await cache.json(A, LIST, c.compute);
    f.setLive(false);
    f.hear({ t: 'reset' });
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":2}');
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":3}');
    expect(cache.stats().entries).toBe(0);
    // A fill that began while the feed was down is not kept even if it comes back meanwhile.
    const g = gate();
    const during = cache.json(A, LIST, async () => {
      await g.opened;
      return c.compute();
    });
    f.setLive(true);
    f.hear({ t: 'reset' });
    g.release();
    expect(text(await during)).toBe('{"n":4}');
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":5}');
    expect(text(await cache.json(A, LIST, c.compute))).toBe('{"n":5}');
  });

  it('a fill during which the feed went down and came back is not kept', async () => {
    const f = feed();
    const cache = createListCache(f, MB);
    const g = gate();
    const fill = cache.json(A, LIST, async () => {
      await g.opened;
      return { v: 'maybe-stale' };
    });
    f.setLive(false);
    f.hear({ t: 'reset' });
    f.setLive(true);
    f.hear({ t: 'reset' });
    g.release();
    await fill;
    expect(text(await cache.json(A, LIST, async () => ({ v: 'fresh' })))).toBe('{"v":"fresh"}');
  });

  it('stays within its bytes, dropping the least recently used answer first', async () => {
    const cache = createListCache(feed(), 64 * 1024);
    const big = (tag: string) => async () => ({ tag, pad: 'x'.repeat(6000) });
    const key = (i: number) => ({ list: 'crm.deals', scope: [i] });
    for (let i = 0; i < 8; i++) await cache.json(A, key(i), big(`v${i}`));
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    await cache.json(A, key(0), big('again')); // used again: the most recent now
    for (let i = 8; i < 12; i++) await cache.json(A, key(i), big(`v${i}`));
    const s = cache.stats();
    expect(s.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(s.evicted).toBeGreaterThan(0);
    expect(text(await cache.json(A, key(0), big('recomputed')))).toContain('"tag":"v0"');
    expect(text(await cache.json(A, key(1), big('recomputed')))).toContain('"tag":"recomputed"');
    // One answer too big for its share of the memory is answered, never kept.
    await cache.json(A, key(99), async () => ({ pad: 'x'.repeat(20_000) }));
    expect(text(await cache.json(A, key(99), async () => ({ v: 'again' })))).toBe('{"v":"again"}');
  });

  it('with no memory (LIST_CACHE_MB=0) computes every time', async () => {
    const cache = createListCache(feed(), 0);
    const c = counter();
    await cache.json(A, LIST, c.compute);
    await cache.json(A, LIST, c.compute);
    expect(c.count()).toBe(2);
  });
});
