/** One script's V8 coverage as Playwright's `page.coverage.stopJSCoverage()` gives it. */
export type ScriptCoverage = {
  url: string;
  source?: string;
  functions: Array<{ ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>;
};

/**
 * Bytes of a script that never ran. V8 gives each function's ranges with execution counts, a
 * function's first range covering it whole and later ones (blocks, inner functions) nested
 * inside: painted outermost first, each inner range overrides what encloses it.
 */
export function unusedBytes(script: ScriptCoverage): { total: number; unused: number } {
  const total = script.source?.length ?? 0;
  const counts = new Uint32Array(total).fill(0);
  const ranges = script.functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const r of ranges) counts.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(r.endOffset, total));
  let used = 0;
  for (const c of counts) used += c;
  // Bytes outside every range are top-level code V8 ran once when it had no function ranges for it.
  return { total, unused: ranges.length ? total - used : 0 };
}
