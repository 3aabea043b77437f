import { type RefObject, useEffect, useState } from 'react';
import { useBrowserValue } from './browser-value.ts';

/** Tailwind's `md` (48rem) for the screen and `@2xl` (42rem) for a container, in px at the default 16 px rem. */
const SCREEN_MIN = '(min-width: 48rem)';
const CONTAINER_MIN_PX = 672;

const screenWide = () => window.matchMedia?.(SCREEN_MIN).matches ?? true;
const onScreenChange = (change: () => void) => {
  const query = window.matchMedia?.(SCREEN_MIN);
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
};

/**
 * Whether a list shows its wide layout (a table) or its narrow one (cards), judged as the CSS
 * does it: the screen's width, or the width of `box` (a list inside a side panel). A list that
 * draws only one of the two (a long, virtualized one) asks this; a short list keeps both in the
 * page and lets CSS choose. A page the server rendered (decision 0766) hydrates wide, then follows the screen.
 */
export function useWide(fitTo: 'screen' | 'container', box: RefObject<HTMLElement | null>): boolean {
  const screen = useBrowserValue(screenWide, true, onScreenChange);
  const [container, setContainer] = useState(true);
  useEffect(() => {
    if (fitTo !== 'container') return;
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setContainer((entry?.contentRect.width ?? CONTAINER_MIN_PX) >= CONTAINER_MIN_PX));
    observer.observe(el);
    return () => observer.disconnect();
  }, [fitTo, box]);
  return fitTo === 'screen' ? screen : container;
}
