import type { BenchContext, BenchRow } from './types.ts';
import metrics from './crm/metrics.ts';

/**
 * /metricas alone (`BENCH_PLUGINS=crm-metrics npm run bench`); the lead folds `crm/metrics.ts`
 * into `crm.bench.ts` at merge.
 */
export default async function crmMetricsBench(ctx: BenchContext): Promise<BenchRow[]> {
  return metrics(ctx);
}
