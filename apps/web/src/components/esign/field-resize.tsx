import { type PointerEvent, useRef } from 'react';
import { FIELD_LIMITS } from '@sede/shared/esign/fields';

/** Fractions of the page: a field never grows past the page's edges, nor shrinks below what stays clickable (decisions 0621, 0625). */
type Box = { x: number; y: number; w: number; h: number };
const MIN = Math.max(FIELD_LIMITS.minSize, 0.02);
const round = (v: number) => Math.round(v * 10_000) / 10_000;
const within = (v: number, max: number) => round(Math.min(Math.max(v, MIN), Math.max(max, MIN)));


/** The four corners a field is resized from (decision 0625): the opposite corner stays put. */
export const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type Corner = (typeof CORNERS)[number];
const CORNER_NAMES: Record<Corner, string> = { 'top-left': 'canto superior esquerdo', 'top-right': 'canto superior direito', 'bottom-left': 'canto inferior esquerdo', 'bottom-right': 'canto inferior direito' };

/** One side of the box moved by `d` from its start: the far side fixed, the size kept between MIN and the page. */
function side(start: number, size: number, d: number, movesStart: boolean): [number, number] {
  if (!movesStart) return [start, within(size + d, 1 - start)];
  const end = start + size;
  const from = round(Math.min(Math.max(start + d, 0), end - MIN));
  return [Math.max(from, 0), round(end - Math.max(from, 0))];
}

/** The box after dragging `corner` by (dx, dy) fractions of the page from where it started. */
export function resizedFrom(f: Box, corner: Corner, dx: number, dy: number): Box {
  const [x, w] = side(f.x, f.w, dx, corner.endsWith('left'));
  const [y, h] = side(f.y, f.h, dy, corner.startsWith('top'));
  return { x, y, w, h };
}

/**
 * Ctrl/⌘ + arrows resize a focused field from its lower-right corner, Ctrl/⌘ + Alt + arrows from its
 * upper-left one (Shift: bigger steps); plain arrows keep moving it. Null when the key is not a resize.
 */
export function resizeByKey(f: Box, e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey?: boolean }) {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const step = e.shiftKey ? 0.05 : 0.01;
  const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const d = moves[e.key];
  return d ? resizedFrom(f, e.altKey ? 'top-left' : 'bottom-right', d[0], d[1]) : null;
}

/**
 * A handle on one corner of the selected field: dragged by mouse, pen or finger (pointer events,
 * captured, so the drag continues outside the handle), it resizes the field live, the opposite
 * corner staying put. A sibling of the field, not a child: dnd-kit's drag of the field must not start from it.
 */
export function ResizeHandle({ field, corner, label, onResize }: { field: Box; corner: Corner; label: string; onResize: (box: Box) => void }) {
  const start = useRef<{ x: number; y: number; box: Box; pw: number; ph: number } | null>(null);
  const down = (e: PointerEvent<HTMLSpanElement>) => {
    const page = e.currentTarget.parentElement?.getBoundingClientRect();
    if (!page) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, y: e.clientY, box: { x: field.x, y: field.y, w: field.w, h: field.h }, pw: page.width, ph: page.height };
  };
  const move = (e: PointerEvent<HTMLSpanElement>) => {
    const s = start.current;
    if (!s) return;
    onResize(resizedFrom(s.box, corner, (e.clientX - s.x) / s.pw, (e.clientY - s.y) / s.ph));
  };
  const up = () => {
    start.current = null;
  };
  const left = corner.endsWith('left') ? field.x : field.x + field.w;
  const top = corner.startsWith('top') ? field.y : field.y + field.h;
  return (
    <span
      aria-hidden
      title={`${label} (${CORNER_NAMES[corner]})`}
      data-testid="resize-handle"
      data-corner={corner}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      style={{ left: `${left * 100}%`, top: `${top * 100}%` }}
      className={`absolute z-10 flex size-7 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center sm:size-5 ${corner === 'top-left' || corner === 'bottom-right' ? 'cursor-nwse-resize' : 'cursor-nesw-resize'}`}
    >
      <span className="size-3 rounded-sm border-2 border-white bg-slate-900 shadow" />
    </span>
  );
}
