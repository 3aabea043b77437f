/** A line diff of two texts (longest common subsequence), for comparing two versions of a contract. */
export type DiffOp = { op: 'same' | 'added' | 'removed'; text: string };

const MAX_CELLS = 25_000_000;

export function diffLines(before: string, after: string): DiffOp[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Common head and tail first: most versions change a few clauses.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const out: DiffOp[] = a.slice(0, head).map((text) => ({ op: 'same' as const, text }));
  if (x.length * y.length > MAX_CELLS) {
    // Too large for the table: everything between is shown as removed, then added.
    out.push(...x.map((text) => ({ op: 'removed' as const, text })), ...y.map((text) => ({ op: 'added' as const, text })));
  } else {
    const n = x.length;
    const m = y.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (x[i] === y[j]) {
        out.push({ op: 'same', text: x[i]! });
        i++;
        j++;
      } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: 'removed', text: x[i++]! });
      else out.push({ op: 'added', text: y[j++]! });
    }
    while (i < n) out.push({ op: 'removed', text: x[i++]! });
    while (j < m) out.push({ op: 'added', text: y[j++]! });
  }
  out.push(...a.slice(a.length - tail).map((text) => ({ op: 'same' as const, text })));
  return out;
}
