import { describe, expect, it } from 'vitest';
import { byIndex, copies, newer, plain, type SyncedElement } from './shared-scene.ts';

const el = (id: string, version: number, versionNonce: number, index = 'a0'): SyncedElement => ({ id, type: 'rectangle', version, versionNonce, index });

describe('canvas: the shared scene’s rules (decision 0311)', () => {
  it('an element replaces the shared one when its version is higher, or equal with a lower nonce', () => {
    expect(newer(el('a', 2, 9), undefined)).toBe(true);
    expect(newer(el('a', 3, 9), el('a', 2, 1))).toBe(true);
    expect(newer(el('a', 2, 9), el('a', 3, 1))).toBe(false);
    expect(newer(el('a', 2, 1), el('a', 2, 9))).toBe(true);
    expect(newer(el('a', 2, 9), el('a', 2, 1))).toBe(false);
    // The same element is not newer than itself: nothing is sent twice.
    expect(newer(el('a', 2, 5), el('a', 2, 5))).toBe(false);
  });

  it('both sides agree on the winner of two concurrent versions', () => {
    const x = el('a', 4, 100);
    const y = el('a', 4, 7);
    expect([newer(x, y), newer(y, x)]).toEqual([false, true]);
  });

  it('elements draw in Excalidraw’s fractional order, ties by id', () => {
    const sorted = [el('c', 1, 1, 'a2'), el('b', 1, 1, 'a0'), el('a', 1, 1, 'a0'), el('d', 1, 1, 'Zz')].sort(byIndex).map((e) => e.id);
    expect(sorted).toEqual(['d', 'a', 'b', 'c']);
  });

  it('values crossing into and out of the Y.Doc are copies: plain data, never the same object', () => {
    const frozen = Object.freeze({ ...el('a', 1, 1), points: Object.freeze([[0, 0]]), missing: undefined });
    const p = plain(frozen);
    expect(p).toEqual({ id: 'a', type: 'rectangle', version: 1, versionNonce: 1, index: 'a0', points: [[0, 0]] });
    expect(Object.isFrozen(p)).toBe(false);
    const source = [el('b', 1, 1)];
    const [c] = copies(source);
    c!.index = 'b9';
    expect(source[0]!.index).toBe('a0');
  });
});
