import type { BenchContext, BenchRow } from './types.ts';
import contacts from './crm/contacts.ts';

/**
 * Temporary plug-in to run the contacts rows alone (`BENCH_PLUGINS=crm-contacts npm run bench`);
 * the lead folds `bench/crm/contacts.ts` into `bench/crm.bench.ts` (engineer A's) at merge.
 */
export default async function crmContactsBench(ctx: BenchContext): Promise<BenchRow[]> {
  try {
    return await contacts(ctx);
  } catch (e) {
    return [{ name: 'crm: contacts: error', value: e instanceof Error ? e.message : String(e), ok: false }];
  }
}
