import { type PointerEvent, useRef } from 'react';
import { FIELD_LIMITS } from '@sede/shared/esign/fields';

/** Fractions of the page: a field never grows past its right or bottom edge, nor shrinks below what stays clickable (decision 0621). */
type Box = { x: number; y: number; w: number; h: number };
const MIN = Math.max(FIELD_LIMITS.minSize, 0.02);
const round = (v: number) => Math.round(v * 10_000) / 10_000;
const within = (v: number, max: number) => round(Math.min(Math.max(v, MIN), Math.max(max, MIN)));

/** The field's new size, kept on its page. */
export const resized = (f: Box, w: number, h: number) => ({ w: within(w, 1 - f.x), h: within(h, 1 - f.y) });

/** Ctrl/⌘ + arrows resize a focused field (Shift: bigger steps); plain arrows keep moving it. Null when the key is not a resize. */
export function resizeByKey(f: Box, e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const step = e.shiftKey ? 0.05 : 0.01;
  const grow: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const d = grow[e.key];
  return d ? resized(f, f.w + d[0], f.h + d[1]) : null;
}

/**
 * The handle on the selected field's lower-right corner: dragged by mouse, pen or finger (pointer
 * events, captured, so the drag continues outside the handle), it resizes the field live.
 * A sibling of the field, not a child: dnd-kit's drag of the field must not start from it.
 */
export function ResizeHandle({ field, label, onResize }: { field: Box; label: string; onResize: (size: { w: number; h: number }) => void }) {
  const start = useRef<{ x: number; y: number; w: number; h: number; pw: number; ph: number } | null>(null);
  const down = (e: PointerEvent<HTMLSpanElement>) => {
    const page = e.currentTarget.parentElement?.getBoundingClientRect();
    if (!page) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, y: e.clientY, w: field.w, h: field.h, pw: page.width, ph: page.height };
  };
  const move = (e: PointerEvent<HTMLSpanElement>) => {
    const s = start.current;
    if (!s) return;
    onResize(resized(field, s.w + (e.clientX - s.x) / s.pw, s.h + (e.clientY - s.y) / s.ph));
  };
  const up = () => {
    start.current = null;
  };
  return (
    <span
      aria-hidden
      title={label}
      data-testid="resize-handle"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      style={{ left: `${(field.x + field.w) * 100}%`, top: `${(field.y + field.h) * 100}%` }}
      className="absolute z-10 flex size-7 -translate-x-1/2 -translate-y-1/2 cursor-nwse-resize touch-none items-center justify-center sm:size-5"
    >
      <span className="size-3 rounded-sm border-2 border-white bg-slate-900 shadow" />
    </span>
  );
}
