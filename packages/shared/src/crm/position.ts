/**
 * Card order inside a board column (decision 0151): every deal has a fractional `position`
 * (ascending); a move writes only the moved card, at the midpoint of its new neighbours. When
 * two neighbours are too close for a midpoint to differ from them, the column is renumbered.
 */
export const POSITION_STEP = 1024;
/** Below this gap the midpoint is no longer safely distinct in a double: renumber the column. */
export const MIN_POSITION_GAP = 1e-6;

/** The position between `prev` (the card above, or null at the top) and `next` (below, or null at the bottom). */
export function positionBetween(prev: number | null, next: number | null): number {
  if (prev === null && next === null) return POSITION_STEP;
  if (prev === null) return (next as number) - POSITION_STEP;
  if (next === null) return prev + POSITION_STEP;
  return prev + (next - prev) / 2;
}

/** Whether a card fits between these neighbours without renumbering the column. */
export function hasRoomBetween(prev: number | null, next: number | null): boolean {
  if (prev === null || next === null) return true;
  if (!(next > prev)) return false;
  if (next - prev < MIN_POSITION_GAP) return false;
  const mid = positionBetween(prev, next);
  return mid > prev && mid < next;
}

/** Evenly spaced positions for `count` cards (a renumbered column). */
export function evenPositions(count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i + 1) * POSITION_STEP);
}

/**
 * Where a card lands when it is dropped at `index` of a column listed as `ids` (the moved card
 * already taken out): its neighbours' ids, which the move endpoint takes.
 */
export function neighboursAt<T>(items: readonly T[], index: number): { prev: T | null; next: T | null } {
  const i = Math.max(0, Math.min(index, items.length));
  return { prev: i > 0 ? (items[i - 1] as T) : null, next: i < items.length ? (items[i] as T) : null };
}
