import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that renders at once (no Suspense fallback, no flash) when its
 * code already arrived, e.g. through `preload()` on idle or hover.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const fetchOnce = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => fetchOnce().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: a deliberate factory, called once at module level per lazy component (never during render)
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const ready = () => fetchOnce().then(
    () => undefined,
    () => undefined,
  );
  return { Component: Preloadable, preload: () => void ready(), ready };
}
