import { describe, expect, it } from 'vitest';
import { resizeByKey, resized } from './field-resize.tsx';

const key = (k: string, mods: { shift?: boolean; ctrl?: boolean; meta?: boolean } = {}) => ({ key: k, shiftKey: Boolean(mods.shift), ctrlKey: Boolean(mods.ctrl), metaKey: Boolean(mods.meta) });

describe('resizing a placed field (decision 0621)', () => {
  const f = { x: 0.1, y: 0.8, w: 0.3, h: 0.06 };

  it('keeps the field on its page and large enough to hit', () => {
    expect(resized(f, 2, 2)).toEqual({ w: 0.9, h: 0.2 });
    expect(resized(f, -1, 0)).toEqual({ w: 0.02, h: 0.02 });
    expect(resized({ x: 0.99, y: 0.99, w: 0.01, h: 0.01 }, 0.5, 0.5)).toEqual({ w: 0.02, h: 0.02 });
  });

  it('Ctrl or ⌘ with the arrows resize, Shift by 5 %; plain and Shift arrows are moves, not resizes', () => {
    expect(resizeByKey(f, key('ArrowRight', { ctrl: true }))).toEqual({ w: 0.31, h: 0.06 });
    expect(resizeByKey(f, key('ArrowDown', { meta: true, shift: true }))).toEqual({ w: 0.3, h: 0.11 });
    expect(resizeByKey(f, key('ArrowLeft', { ctrl: true, shift: true }))).toEqual({ w: 0.25, h: 0.06 });
    expect(resizeByKey(f, key('ArrowDown', { ctrl: true, shift: true }))).toEqual({ w: 0.3, h: 0.11 });
    expect(resizeByKey({ ...f, h: 0.19 }, key('ArrowDown', { ctrl: true, shift: true }))).toEqual({ w: 0.3, h: 0.2 });
    expect(resizeByKey(f, key('ArrowRight'))).toBeNull();
    expect(resizeByKey(f, key('ArrowRight', { shift: true }))).toBeNull();
    expect(resizeByKey(f, key('a', { ctrl: true }))).toBeNull();
  });
});
