import { describe, expect, it } from 'vitest';
import { moveActive, searchText } from './picker-keys.ts';

describe('party picker keys', () => {
  it('moves through the options and wraps', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'Home')).toBe(0);
    expect(moveActive(0, 3, 'End')).toBe(2);
    expect(moveActive(1, 3, 'a')).toBe(1);
    expect(moveActive(1, 0, 'ArrowDown')).toBe(-1);
  });
  it('sends at most 100 trimmed characters', () => {
    expect(searchText('  ana  ')).toBe('ana');
    expect(searchText('x'.repeat(150))).toHaveLength(100);
  });
});
