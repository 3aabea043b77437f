import entries from './finance/entries.ts';
import reports from './finance/reports.ts';
import type { BenchContext, BenchRow } from './types.ts';

/**
 * Financeiro's targets, rows named "finance: …". Each part runs on its own company
 * (the reports and the statement import; the payables/receivables lists); a part that throws is a
 * failed row and the other still runs.
 */
export default async function financeBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, part] of [
    ['reports', reports],
    ['entries', entries],
  ] as const) {
    try {
      rows.push(...(await part(ctx)));
    } catch (e) {
      rows.push({ name: `${name}: error`, value: e instanceof Error ? e.message : String(e), ok: false });
    }
  }
  return rows;
}
