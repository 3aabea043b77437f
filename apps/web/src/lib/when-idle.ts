/**
 * Runs `work` at the browser's next idle moment (a timer where there is no requestIdleCallback,
 * as in Safari): for what the first paint does not need (decision 0690).
 */
export function whenIdle(work: () => void, fallbackMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(id);
}
