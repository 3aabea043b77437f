import type { BenchContext, BenchRow } from './types.ts';
import files from './platform/files.ts';
import live from './platform/live.ts';
import paid from './platform/paid.ts';

/**
 * The department platform's targets, rows named "platform: …": an entity change
 * reaching the pages that may see it (and no other), notify to 1,000 people, a 100 MB upload's
 * memory, and 200 concurrent paid actions charging exactly once. Each part runs on its own; a
 * part that throws is reported as a failed row and the others still run.
 */
export default async function platformBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, part] of [['live updates and notify', live], ['files', files], ['paid actions', paid]] as const) {
    try {
      rows.push(...(await part(ctx)));
    } catch (e) {
      rows.push({ name: `${name}: error`, value: e instanceof Error ? e.message : String(e), ok: false });
    }
  }
  return rows;
}
