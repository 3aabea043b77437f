// The word diff is shared with the contract comparison (Jurídico): one implementation, in @sede/shared.
export { MAX_EDITS, wordDiff, wordsIn, type WordChange } from '@sede/shared/text-diff';

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
