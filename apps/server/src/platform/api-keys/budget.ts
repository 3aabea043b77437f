import type { RateLimitStore } from '../../http/rate-limit.ts';

/** Where a key stands in its minute: allowed or not, what is left, and when the window ends. */
export type BudgetDecision = { allowed: boolean; remaining: number; resetIn: number };

type Budget = { units: number; count: number; resetAt: number; exhausted: boolean; leasing: Promise<void> | null };

/** At most 2% of a key's minute leased at once per instance (never more than 1,000 calls). */
const leaseSize = (max: number) => Math.min(1000, Math.max(1, Math.floor(max / 50)));
const MAX_KEYS = 10_000;

/**
 * A key's per-minute budget (decision 0710): PostgreSQL's `rate_limits` row stays the one count
 * every instance shares, but an instance takes its calls from it in leases of up to 2% of the
 * limit (one UPSERT per lease, not per call) and serves them from memory until the lease or the
 * window runs out. No instance can pass more than the limit; one may refuse up to a lease per
 * other instance early. Once the window is spent, the refusal is kept here until it ends.
 */
export function createKeyBudgets(store: RateLimitStore, now: () => number = Date.now) {
  const budgets = new Map<string, Budget>();

  async function lease(id: string, budget: Budget, max: number) {
    const size = leaseSize(max);
    const d = await store.lease(`api-key:${id}`, { window: 60, max }, size);
    budget.units = d.granted;
    budget.count = d.count;
    budget.resetAt = now() + d.resetInMs;
    budget.exhausted = d.granted === 0;
  }

  return {
    async take(id: string, max: number): Promise<BudgetDecision> {
      let budget = budgets.get(id);
      if (!budget) {
        if (budgets.size >= MAX_KEYS) budgets.clear();
        budget = { units: 0, count: 0, resetAt: 0, exhausted: false, leasing: null };
        budgets.set(id, budget);
      }
      for (;;) {
        const t = now();
        const live = t < budget.resetAt;
        if (live && budget.units > 0) {
          budget.units--;
          return { allowed: true, remaining: Math.max(0, max - (budget.count - budget.units)), resetIn: Math.max(1, Math.ceil((budget.resetAt - t) / 1000)) };
        }
        if (live && budget.exhausted) return { allowed: false, remaining: 0, resetIn: Math.max(1, Math.ceil((budget.resetAt - t) / 1000)) };
        if (!budget.leasing) {
          const b = budget;
          b.leasing = lease(id, b, max).finally(() => {
            b.leasing = null;
          });
        }
        await budget.leasing;
        // A lease that came back spent refuses this call too (the loop sees `exhausted`).
        if (budget.exhausted && now() >= budget.resetAt) return { allowed: false, remaining: 0, resetIn: 1 };
      }
    },
  };
}
export type KeyBudgets = ReturnType<typeof createKeyBudgets>;
