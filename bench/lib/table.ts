import type { BenchRow } from '../types.ts';

/** A plain-text table: Measurement | Result | Target | OK. */
export function printTable(title: string, rows: BenchRow[]) {
  const head = ['Measurement', 'Result', 'Target', ''];
  const cells = rows.map((r) => [r.name, r.value, r.target ?? '—', r.ok === undefined ? '' : r.ok ? 'ok' : 'FAIL']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}
