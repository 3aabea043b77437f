import { describe, expect, it } from 'vitest';
import type { RateLease, RateLimitStore, RateRule } from '../../src/http/rate-limit.ts';
import { createKeyBudgets } from '../../src/platform/api-keys/budget.ts';

/**
 * The shared `rate_limits` row as LEASE_SQL keeps it (one count per window, a new window once the
 * old one ended), answering after `delay` ms of a fake clock, so a test sees which calls waited.
 */
function fakeStore(clock: { t: number }) {
  const rows = new Map<string, { count: number; resetAt: number }>();
  const pending: Array<() => void> = [];
  let leases = 0;
  const store = {
    async lease(key: string, rule: RateRule, size: number): Promise<RateLease> {
      leases++;
      await new Promise<void>((resolve) => pending.push(resolve));
      let row = rows.get(key);
      if (!row || row.resetAt <= clock.t) rows.set(key, (row = { count: 0, resetAt: clock.t + rule.window * 1000 }));
      const before = row.count;
      row.count += size;
      return { granted: Math.max(0, Math.min(size, rule.max - before)), count: row.count, resetInMs: row.resetAt - clock.t };
    },
  } as unknown as RateLimitStore;
  return {
    store,
    /** Answers every lease asked for so far (PostgreSQL's round trip ends). */
    answer: async () => {
      while (pending.length) pending.shift()!();
      await new Promise((r) => setImmediate(r));
    },
    leases: () => leases,
    count: (key: string) => rows.get(key)?.count ?? 0,
  };
}

describe('a key’s budget leased ahead (decision 0746)', () => {
  it('asks for the next lease at half of the current one, so a steady caller waits only for the window’s first lease', async () => {
    const clock = { t: 1_000_000 };
    const db = fakeStore(clock);
    const budgets = createKeyBudgets(db.store, () => clock.t);
    const max = 600; // leases of 12
    const first = budgets.take('k', max);
    await db.answer();
    expect((await first).allowed).toBe(true);
    expect(budgets.waits()).toBe(1);
    // 300 calls, each answered before the next; the database answers its leases between calls.
    for (let i = 0; i < 300; i++) {
      const d = budgets.take('k', max);
      await db.answer();
      expect((await d).allowed).toBe(true);
    }
    expect(budgets.waits()).toBe(1);
    // One UPSERT per 12 calls (plus the one ahead), never one per call.
    expect(db.leases()).toBeLessThanOrEqual(Math.ceil(301 / 12) + 1);
    // RateLimit-Remaining: the limit less what was counted and not held here.
    const last = budgets.take('k', max);
    await db.answer();
    expect((await last).remaining).toBe(max - 302);
  });

  it('never passes more than the limit in a window across two instances, calls racing, and refuses until the window ends', async () => {
    const clock = { t: 5_000_000 };
    const db = fakeStore(clock);
    const a = createKeyBudgets(db.store, () => clock.t);
    const b = createKeyBudgets(db.store, () => clock.t);
    const max = 500; // leases of 10
    let allowed = 0;
    let refused = 0;
    for (let round = 0; round < 80; round++) {
      // Eight calls at once on each instance, leases answered while they wait.
      const calls = Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).take('k', max));
      await db.answer();
      await db.answer();
      for (const d of await Promise.all(calls)) d.allowed ? allowed++ : refused++;
    }
    expect(allowed).toBeLessThanOrEqual(max);
    // At most one and a half leases per instance early (2 × 15 calls).
    expect(allowed).toBeGreaterThanOrEqual(max - 30);
    expect(refused).toBe(80 * 16 - allowed);
    const refusal = await a.take('k', max);
    expect(refusal).toMatchObject({ allowed: false, remaining: 0 });
    expect(refusal.resetIn).toBeGreaterThan(0);

    // A new window: the calls pass again, and what was held from the old one is not served.
    clock.t += 61_000;
    const next = a.take('k', max);
    await db.answer();
    expect((await next).allowed).toBe(true);
    expect(db.count('api-key:k')).toBeLessThanOrEqual(2 * 10);
  });

  it('leases one call at a time under 100 a minute: exact across instances, nothing held ahead', async () => {
    const clock = { t: 9_000_000 };
    const db = fakeStore(clock);
    const a = createKeyBudgets(db.store, () => clock.t);
    const b = createKeyBudgets(db.store, () => clock.t);
    const statuses: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      const d = (i < 3 ? a : b).take('k', 5);
      await db.answer();
      statuses.push((await d).allowed);
    }
    expect(statuses).toEqual([true, true, true, true, true, false]);
    expect(db.count('api-key:k')).toBe(6);
  });

  it('drops what it held when a lease asked ahead lands in a new window', async () => {
    const clock = { t: 20_000_000 };
    const db = fakeStore(clock);
    const budgets = createKeyBudgets(db.store, () => clock.t);
    const max = 1000; // leases of 20, the next asked for at 10 left
    const first = budgets.take('k', max);
    await db.answer();
    await first;
    for (let i = 0; i < 9; i++) await budgets.take('k', max); // 10 left: a lease goes out
    // The database's window ends before that lease is counted (its clock ahead of this instance's).
    clock.t += 60_000;
    await db.answer();
    // Our clock also sees the old window over: its 10 held calls are void, the new window holds the one lease of 20.
    const next = budgets.take('k', max);
    await db.answer();
    const d = await next;
    expect(d.allowed).toBe(true);
    expect(db.count('api-key:k')).toBe(20);
    expect(d.remaining).toBe(max - 1);
    expect(budgets.waits()).toBe(1);
  });
});
