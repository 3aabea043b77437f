import type { RateLimitStore } from '../../http/rate-limit.ts';

/** Where a key stands in its minute: allowed or not, what is left, and when the window ends. */
export type BudgetDecision = { allowed: boolean; remaining: number; resetIn: number };

type Budget = { units: number; count: number; resetAt: number; exhausted: boolean; leasing: Promise<void> | null };

/** At most 2% of a key's minute leased at once per instance (never more than 1,000 calls). */
const leaseSize = (max: number) => Math.min(1000, Math.max(1, Math.floor(max / 50)));
/** The next lease is asked for once half of the current one is spent (decision 0746); a lease of one call is never asked for ahead (-1: never). */
const refillAt = (size: number) => (size > 1 ? Math.floor(size / 2) : -1);
/** A lease whose window ends this much later than the one held started a new window: what was held belonged to the old one. */
const NEW_WINDOW_MS = 30_000;
const MAX_KEYS = 10_000;

/**
 * A key's per-minute budget (decisions 0710, 0746): PostgreSQL's `rate_limits` row stays the one
 * count every instance shares, but an instance takes its calls from it in leases of up to 2% of
 * the limit (one UPSERT per lease, not per call) and serves them from memory until the lease or
 * the window runs out. The next lease is asked for in the background once half of the current one
 * is spent, so a steady caller never waits on it (only the first call of a window does). No
 * instance can pass more than the limit; one may refuse up to one and a half leases per other
 * instance early. Once the window is spent, the refusal is kept here until it ends.
 */
export function createKeyBudgets(store: RateLimitStore, now: () => number = Date.now) {
  const budgets = new Map<string, Budget>();
  /** Calls that had to wait for a lease (the first of a window, or a caller faster than the lease): for tests and measures. */
  let waits = 0;

  async function lease(id: string, budget: Budget, max: number) {
    const d = await store.lease(`api-key:${id}`, { window: 60, max }, leaseSize(max));
    const resetAt = now() + d.resetInMs;
    // The same window: this lease adds to what is held. A new one: what was held is void.
    budget.units = resetAt - budget.resetAt > NEW_WINDOW_MS ? d.granted : budget.units + d.granted;
    budget.count = d.count;
    budget.resetAt = resetAt;
    budget.exhausted = d.granted === 0;
  }

  function startLease(id: string, budget: Budget, max: number) {
    if (budget.leasing) return budget.leasing;
    const b = budget;
    b.leasing = lease(id, b, max).finally(() => {
      b.leasing = null;
    });
    return b.leasing;
  }

  /** The decision from what this instance holds, or null when the call must wait for a lease. */
  function fromHeld(id: string, budget: Budget, max: number): BudgetDecision | null {
    const t = now();
    if (t >= budget.resetAt) return null;
    const resetIn = Math.max(1, Math.ceil((budget.resetAt - t) / 1000));
    if (budget.units > 0) {
      budget.units--;
      // Half of the lease spent: the next one is asked for now, while this one still serves.
      if (budget.units <= refillAt(leaseSize(max)) && !budget.exhausted && !budget.leasing) {
        startLease(id, budget, max).catch((e) => console.error('[api-keys] lease ahead failed:', (e as Error).message));
      }
      return { allowed: true, remaining: Math.max(0, max - (budget.count - budget.units)), resetIn };
    }
    return budget.exhausted ? { allowed: false, remaining: 0, resetIn } : null;
  }

  async function afterLease(id: string, budget: Budget, max: number): Promise<BudgetDecision> {
    for (;;) {
      waits++;
      await startLease(id, budget, max);
      // A lease that came back spent refuses this call too.
      if (budget.exhausted && now() >= budget.resetAt) return { allowed: false, remaining: 0, resetIn: 1 };
      const d = fromHeld(id, budget, max);
      if (d) return d;
    }
  }

  return {
    /** A call of the key: decided at once from the lease held (no promise on the hot path), or after the next lease. */
    take(id: string, max: number): BudgetDecision | Promise<BudgetDecision> {
      let budget = budgets.get(id);
      if (!budget) {
        if (budgets.size >= MAX_KEYS) budgets.clear();
        budget = { units: 0, count: 0, resetAt: 0, exhausted: false, leasing: null };
        budgets.set(id, budget);
      }
      return fromHeld(id, budget, max) ?? afterLease(id, budget, max);
    },
    /** How many calls waited for a lease since the start. */
    waits: () => waits,
  };
}
export type KeyBudgets = ReturnType<typeof createKeyBudgets>;
