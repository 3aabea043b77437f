import { recordUntilHydration } from './app/early-input-record.ts';

/**
 * The first and only script of a page prerendered to be hydrated when idle (decision 0758: /auth).
 * The page is painted and usable from its HTML: this keeps what is typed, clicked and sent on it
 * (app/early-input-record.ts; app/early-input.ts makes sense of it) and, once the full stylesheet has arrived and the browser is first idle,
 * loads the app (its entry, main.tsx, which takes the kept input over and hydrates) with the
 * chunks of the page, all requested at once. The script's tag lists them: `data-hydrate`, the
 * entry first (written by prerender.mjs from Vite's manifest).
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-hydrate]')!;
const [entry, ...chunks] = (tag.dataset.hydrate ?? '').split(' ').filter(Boolean);
recordUntilHydration();

/** The whole stylesheet (after #root): React renders views the inline CSS of the first one does not style. */
async function stylesheetLoaded(): Promise<void> {
  // This script runs as soon as it arrives (async, right after #root): the link after it may not be parsed yet.
  if (document.readyState === 'loading') await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet) return;
  await new Promise<void>((done) => {
    link.addEventListener('load', () => done(), { once: true });
    link.addEventListener('error', () => done(), { once: true });
  });
}

/** The first idle moment (after the first paint); a timer where there is none (Safari) or when the page stays busy. */
const idle = () =>
  new Promise<void>((done) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => done(), { timeout: 2000 });
    else setTimeout(done, 0);
  });

void stylesheetLoaded()
  .then(idle)
  .then(() => {
    for (const href of [entry!, ...chunks]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    return import(/* @vite-ignore */ entry!);
  });
