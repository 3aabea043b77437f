import { diffWords } from 'diff';

/** One run of a word-level comparison: text both versions share, or text only the newer (added) or the older (removed) has. */
export type WordChange = { op: 'same' | 'added' | 'removed'; text: string };

/** Past this many edits (two long, wholly different texts: hundreds of ms on a phone) the texts count as replaced. */
export const MAX_EDITS = 1000;

/**
 * What changed from `before` to `after`, word by word (jsdiff's `diffWords`: each word and each
 * punctuation mark is a token; a change of spacing or line breaks alone is not a change).
 * Empty runs are dropped and neighbours of the same kind merged. Texts further apart than
 * `MAX_EDITS` come back as the old text removed and the new one added.
 */
export function wordDiff(before: string, after: string): WordChange[] {
  const changes = diffWords(before, after, { maxEditLength: MAX_EDITS }) ?? [
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

/** How many words the runs of one kind hold (for the summary: '3 palavras incluídas'). */
export function wordsIn(changes: WordChange[], op: WordChange['op']): number {
  return changes.filter((c) => c.op === op).reduce((n, c) => n + (c.text.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)?.length ?? 0), 0);
}

/**
 * Two versions' hashtags as a set: the ones both have (in the newer spelling), the ones only the
 * newer has and the ones it dropped, each in its version's order. Case is ignored (#Natal = #natal).
 */
export function hashtagDiff(before: string[], after: string[]): { kept: string[]; added: string[]; removed: string[] } {
  const key = (t: string) => t.toLocaleLowerCase('pt-BR');
  const old = new Set(before.map(key));
  const now = new Set(after.map(key));
  return {
    kept: after.filter((t) => old.has(key(t))),
    added: after.filter((t) => !old.has(key(t))),
    removed: before.filter((t) => !now.has(key(t))),
  };
}

/** Items of two lists compared by id: kept, only in the newer (added), only in the older (removed). */
export function setDiff<T extends { id: string }>(before: T[], after: T[]): { kept: T[]; added: T[]; removed: T[] } {
  const old = new Set(before.map((x) => x.id));
  const now = new Set(after.map((x) => x.id));
  return { kept: after.filter((x) => old.has(x.id)), added: after.filter((x) => !old.has(x.id)), removed: before.filter((x) => !now.has(x.id)) };
}
