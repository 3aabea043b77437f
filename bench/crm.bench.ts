import type { BenchContext, BenchRow } from './types.ts';
import board from './crm/board.ts';
import contacts from './crm/contacts.ts';
import metrics from './crm/metrics.ts';

/**
 * The CRM's targets, rows named "crm: …". Each part runs on its own (the board,
 * contacts and import, metrics); a part that throws is a failed row and the others
 * still run.
 */
export default async function crmBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, part] of [
    ['board', board],
    ['contacts', contacts],
    ['metrics', metrics],
  ] as const) {
    try {
      // The runner prefixes 'crm: '; parts that name their rows 'crm: …' themselves would show it twice.
      rows.push(...(await part(ctx)).map((r) => ({ ...r, name: r.name.replace(/^crm: /, '') })));
    } catch (e) {
      rows.push({ name: `${name}: error`, value: e instanceof Error ? e.message : String(e), ok: false });
    }
  }
  return rows;
}
