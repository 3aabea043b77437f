import type { Services } from '../../services.ts';
import { billingOf } from './context.ts';

const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * A closed company's Stripe subscriptions are canceled before its rows go (decision 0136):
 * found by the metadata every checkout puts on them (`companyId`). Sandbox and disabled modes
 * have nothing outside the database. A Stripe error leaves the company for the eraser's next run.
 */
export async function cancelCompanySubscriptions(s: Services, companyId: string) {
  const { stripe } = billingOf(s);
  if (!stripe) return;
  if (!/^[0-9a-f-]{36}$/.test(companyId)) return;
  for await (const sub of stripe.subscriptions.search({ query: `metadata['companyId']:'${companyId}'`, limit: 100 })) {
    if (!ENDED.has(sub.status)) await stripe.subscriptions.cancel(sub.id);
  }
}
