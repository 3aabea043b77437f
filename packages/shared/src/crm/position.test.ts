import { describe, expect, it } from 'vitest';
import { evenPositions, hasRoomBetween, neighboursAt, POSITION_STEP, positionBetween } from './position.ts';

describe('board positions', () => {
  it('puts the first card of an empty column at one step', () => {
    expect(positionBetween(null, null)).toBe(POSITION_STEP);
  });
  it('goes a step above the top card and a step below the bottom one', () => {
    expect(positionBetween(null, 100)).toBe(100 - POSITION_STEP);
    expect(positionBetween(100, null)).toBe(100 + POSITION_STEP);
  });
  it('takes the midpoint between two neighbours', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(-5, 5)).toBe(0);
  });
  it('keeps order through many insertions at the same place until the gap runs out', () => {
    let prev = 1024;
    const next = 2048;
    let inserts = 0;
    while (hasRoomBetween(prev, next)) {
      const p = positionBetween(prev, next);
      expect(p).toBeGreaterThan(prev);
      expect(p).toBeLessThan(next);
      prev = p;
      inserts++;
    }
    // 1024 → 1e-6 halves about 30 times: then the column must be renumbered.
    expect(inserts).toBeGreaterThan(25);
    expect(inserts).toBeLessThan(40);
    expect(hasRoomBetween(prev, next)).toBe(false);
  });
  it('has no room between equal or inverted neighbours', () => {
    expect(hasRoomBetween(5, 5)).toBe(false);
    expect(hasRoomBetween(6, 5)).toBe(false);
    expect(hasRoomBetween(null, 5)).toBe(true);
  });
  it('renumbers evenly', () => {
    expect(evenPositions(3)).toEqual([POSITION_STEP, 2 * POSITION_STEP, 3 * POSITION_STEP]);
  });
  it('finds the neighbours of a drop index, clamped', () => {
    expect(neighboursAt(['a', 'b', 'c'], 0)).toEqual({ prev: null, next: 'a' });
    expect(neighboursAt(['a', 'b', 'c'], 2)).toEqual({ prev: 'b', next: 'c' });
    expect(neighboursAt(['a', 'b', 'c'], 9)).toEqual({ prev: 'c', next: null });
    expect(neighboursAt([], 0)).toEqual({ prev: null, next: null });
  });
});
