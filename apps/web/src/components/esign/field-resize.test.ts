import { describe, expect, it } from 'vitest';
import { resizeByKey, resizedFrom } from './field-resize.tsx';

const key = (k: string, mods: { shift?: boolean; ctrl?: boolean; meta?: boolean; alt?: boolean } = {}) => ({ key: k, shiftKey: Boolean(mods.shift), ctrlKey: Boolean(mods.ctrl), metaKey: Boolean(mods.meta), altKey: Boolean(mods.alt) });

describe('resizing a placed field (decisions 0621, 0625)', () => {
  const f = { x: 0.1, y: 0.8, w: 0.3, h: 0.06 };

  it('from the lower-right corner: keeps the field on its page and large enough to hit', () => {
    expect(resizedFrom(f, 'bottom-right', 2, 2)).toEqual({ x: 0.1, y: 0.8, w: 0.9, h: 0.2 });
    expect(resizedFrom(f, 'bottom-right', -1, -0.04)).toEqual({ x: 0.1, y: 0.8, w: 0.02, h: 0.02 });
    expect(resizedFrom({ x: 0.99, y: 0.99, w: 0.01, h: 0.01 }, 'bottom-right', 0.5, 0.5)).toEqual({ x: 0.99, y: 0.99, w: 0.02, h: 0.02 });
  });

  it('from the other corners the opposite corner stays put, within the page and the minimum size', () => {
    expect(resizedFrom(f, 'top-left', -0.05, -0.1)).toEqual({ x: 0.05, y: 0.7, w: 0.35, h: 0.16 });
    expect(resizedFrom(f, 'top-left', -1, -1)).toEqual({ x: 0, y: 0, w: 0.4, h: 0.86 });
    expect(resizedFrom(f, 'top-left', 0.5, 0.5)).toEqual({ x: 0.38, y: 0.84, w: 0.02, h: 0.02 });
    expect(resizedFrom(f, 'top-right', 0.1, -0.05)).toEqual({ x: 0.1, y: 0.75, w: 0.4, h: 0.11 });
    expect(resizedFrom(f, 'top-right', 1, 0)).toEqual({ x: 0.1, y: 0.8, w: 0.9, h: 0.06 });
    expect(resizedFrom(f, 'bottom-left', -0.2, 0.5)).toEqual({ x: 0, y: 0.8, w: 0.4, h: 0.2 });
    expect(resizedFrom(f, 'bottom-left', 0.05, 0)).toEqual({ x: 0.15, y: 0.8, w: 0.25, h: 0.06 });
  });

  it('Ctrl or ⌘ with the arrows resize from the lower-right, with Alt from the upper-left, Shift by 5 %; plain and Shift arrows are moves', () => {
    expect(resizeByKey(f, key('ArrowRight', { ctrl: true }))).toEqual({ x: 0.1, y: 0.8, w: 0.31, h: 0.06 });
    expect(resizeByKey(f, key('ArrowDown', { meta: true, shift: true }))).toEqual({ x: 0.1, y: 0.8, w: 0.3, h: 0.11 });
    expect(resizeByKey(f, key('ArrowLeft', { ctrl: true, shift: true }))).toEqual({ x: 0.1, y: 0.8, w: 0.25, h: 0.06 });
    expect(resizeByKey({ ...f, h: 0.19 }, key('ArrowDown', { ctrl: true, shift: true }))).toEqual({ x: 0.1, y: 0.8, w: 0.3, h: 0.2 });
    expect(resizeByKey(f, key('ArrowLeft', { ctrl: true, alt: true }))).toEqual({ x: 0.09, y: 0.8, w: 0.31, h: 0.06 });
    expect(resizeByKey(f, key('ArrowUp', { ctrl: true, alt: true, shift: true }))).toEqual({ x: 0.1, y: 0.75, w: 0.3, h: 0.11 });
    expect(resizeByKey(f, key('ArrowRight'))).toBeNull();
    expect(resizeByKey(f, key('ArrowRight', { shift: true }))).toBeNull();
    expect(resizeByKey(f, key('a', { ctrl: true }))).toBeNull();
  });
});
