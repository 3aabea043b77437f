import { recordUntilHydration } from './app/early-input-record.ts';

/**
 * The first script of a signed-in page rendered by the server (decision 0766), the only one in its
 * document: it records what the person does from the first moment (early-input-record.ts) and, as
 * soon as the page has first painted, requests the app's entry and its chunks listed on its tag
 * (`data-hydrate`, the entry first, written by prerender.mjs). Requested with the document, the
 * app's scripts (132 KB) arrived before the first paint on a fast network, and Lighthouse's
 * simulation of a slow phone then put them all, and their evaluation, before it (LCP ~2.2 s
 * instead of ~0.9 s, decision 0770). Its own file, not a branch of hydrate-when-idle.ts: /auth's
 * first script stays as small as /auth needs.
 */
recordUntilHydration();
const tag = document.querySelector<HTMLScriptElement>('script[data-hydrate]')!;
const [entry, ...chunks] = tag.dataset.hydrate!.split(' ');
const link = (rel: string, href: string) => Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });

void afterFirstPaint().then(hydrateChunkByChunk);

/**
 * A signed-in page rendered by the server (decision 0770), its whole stylesheet inline already: the
 * app's chunks, all requested at once, are evaluated one per task, each after those it imports (the
 * tag lists them so), and the entry last: evaluated by one import, the app's 392 KB of modules were
 * one task of 100–200 ms.
 */
async function hydrateChunkByChunk() {
  document.head.append(...[entry!, ...chunks].map((href) => link('modulepreload', href)));
  for (const chunk of chunks) {
    await import(/* @vite-ignore */ chunk!);
    await new Promise((next) => setTimeout(next, 0));
  }
  await import(/* @vite-ignore */ entry!);
}

/**
 * Resolves once the page has painted content (the paint timing's first-contentful-paint), or, in
 * a browser that does not report it, after the next frame; in any case within a second (a page in a
 * background tab paints nothing until it is shown, and its app must still arrive).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((run) => {
    let done = false;
    let observer: PerformanceObserver | null = null;
    const go = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      run();
    };
    setTimeout(go, 1000);
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) go();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else requestAnimationFrame(() => setTimeout(go, 0));
  });
}
