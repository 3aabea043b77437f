import { diffWords } from 'diff';

/** One run of a word-level comparison: text both versions share, or text only the newer (added) or the older (removed) has. */
export type WordChange = { op: 'same' | 'added' | 'removed'; text: string };

/** Past this many edits (two long, wholly different texts: hundreds of ms on a phone) the texts count as replaced. */
export const MAX_EDITS = 1000;

/**
 * What changed from `before` to `after`, word by word (jsdiff's `diffWords`: each word and each
 * punctuation mark is a token; a change of spacing or line breaks alone is not a change).
 * Empty runs are dropped and neighbours of the same kind merged. Texts further apart than
 * `maxEdits` (or slower than `timeoutMs`) come back as the old text removed and the new one added.
 */
export function wordDiff(before: string, after: string, o: { maxEdits?: number; timeoutMs?: number } = {}): WordChange[] {
  const changes = diffWords(before, after, { maxEditLength: o.maxEdits ?? MAX_EDITS, ...(o.timeoutMs ? { timeout: o.timeoutMs } : {}) }) ?? [
    { value: before, added: false, removed: true, count: 0 },
    { value: after, added: true, removed: false, count: 0 },
  ];
  const out: WordChange[] = [];
  for (const c of changes) {
    if (!c.value) continue;
    const op = c.added ? 'added' : c.removed ? 'removed' : 'same';
    const last = out.at(-1);
    if (last?.op === op) last.text += c.value;
    else out.push({ op, text: c.value });
  }
  return out;
}

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/** How many words a text holds (letters and digits; 'sexta-feira' is one). */
export const wordCount = (text: string) => text.match(WORD)?.length ?? 0;

/** How many words the runs of one kind hold (for the summary: '3 palavras incluídas'). */
export function wordsIn(changes: WordChange[], op: WordChange['op']): number {
  return changes.filter((c) => c.op === op).reduce((n, c) => n + wordCount(c.text), 0);
}
