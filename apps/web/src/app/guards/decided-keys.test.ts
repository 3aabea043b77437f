import { describe, expect, it } from 'vitest';
import { createDecidedKeys } from './decided-keys.ts';

describe('createDecidedKeys', () => {
  it('judges a navigation once, even when an earlier one is rendered again after a later one', () => {
    const decided = createDecidedKeys();
    expect(decided.firstTime('company-setup:u1')).toBe(true);
    expect(decided.firstTime('team-invite:u1')).toBe(true); // a transition render, then dropped
    expect(decided.firstTime('company-setup:u1')).toBe(false); // the committed location again
    expect(decided.firstTime('team-invite:u1')).toBe(false);
  });

  it('forgets the oldest keys past its limit', () => {
    const decided = createDecidedKeys(2);
    decided.firstTime('a');
    decided.firstTime('b');
    decided.firstTime('c');
    expect(decided.firstTime('b')).toBe(false);
    expect(decided.firstTime('a')).toBe(true);
  });
});
