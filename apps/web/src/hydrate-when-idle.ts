import { recordUntilHydration } from './app/early-input-record.ts';

/**
 * The first and only script of a page prerendered to be hydrated when idle (decision 0758: /auth).
 * The page is painted and usable from its HTML and inline CSS: this records what is typed, clicked
 * and sent on it (app/early-input-record.ts; app/early-input.ts makes sense of it) and, once the
 * browser is first idle, loads the whole stylesheet (React renders views the inline CSS of the
 * first one does not style) and the app's chunks, all requested at once, then, with the
 * stylesheet in, the app's entry (main.tsx), which takes the record over and hydrates. Its tag
 * lists them: `data-hydrate`, the entry first, and `data-stylesheet` (written by prerender.mjs
 * from Vite's manifest). It runs as soon as it arrives (async, right after #root).
 *
 * A signed-in page rendered by the server (decision 0766) is clicked at once: its tag says
 * `data-after="paint"`, and the app is requested as soon as the page has first painted instead of
 * when idle (decision 0770). Requested with the document, the app's scripts (132 KB) arrive before
 * the first paint on a fast network and Lighthouse's simulation of a slow phone then puts them all,
 * and their evaluation, before its first paint (LCP ~2.2 s instead of ~0.9 s).
 */
recordUntilHydration();
const tag = document.querySelector<HTMLScriptElement>('script[data-hydrate]')!;
const [entry, ...chunks] = tag.dataset.hydrate!.split(' ');
// A timer where there is no requestIdleCallback (Safari); a page that stays busy still gets its app after 2 s.
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
const link = (rel: string, href: string) => Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });

if (tag.dataset.after === 'paint') void afterFirstPaint().then(hydrateChunkByChunk);
else
  void new Promise((idle) => whenIdle(idle, { timeout: 2000 }))
    .then(() => {
      const preloads = [entry!, ...chunks].map((href) => link('modulepreload', href));
      const sheet = link('stylesheet', tag.dataset.stylesheet!);
      const styled = new Promise((done) => {
        sheet.onload = sheet.onerror = done;
      });
      document.head.append(sheet, ...preloads);
      return styled;
    })
    .then(() => import(/* @vite-ignore */ entry!));

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
