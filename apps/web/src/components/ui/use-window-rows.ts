import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/** From how many rows a long list draws only those near the viewport (decision 0671). */
export const VIRTUAL_FROM = 100;

/**
 * Rows of a long list that scrolls with the page, drawn only near the viewport: the rows to draw
 * and the room to leave above and below them (padding, so a table keeps its `<tr>`s in flow).
 * `box` is the list's element: its distance from the top of the page is re-read after each render
 * (filters and totals above it change height), one layout read that the paint needed anyway.
 */
export function useWindowRows({ count, estimate, gap = 0, enabled = true }: { count: number; estimate: number; gap?: number; enabled?: boolean }) {
  const box = useRef<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (!enabled || !box.current) return;
    const top = box.current.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - margin) > 1) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: enabled ? count : 0,
    estimateSize: () => estimate,
    // A row not laid out (hidden, or a test's DOM without layout) keeps the estimate rather than 0.
    measureElement: (el) => el.getBoundingClientRect().height || estimate,
    overscan: 6,
    gap,
    scrollMargin: margin,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    box,
    virtualizer,
    items,
    before: first ? first.start - margin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0,
  };
}
