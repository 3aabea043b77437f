import { recordUntilHydration } from './app/early-input-record.ts';

/**
 * The first and only script of a page prerendered to be hydrated when idle (decision 0758: /auth).
 * The page is painted and usable from its HTML and inline CSS: this records what is typed, clicked
 * and sent on it (app/early-input-record.ts; app/early-input.ts makes sense of it) and, once the
 * browser is first idle, loads the whole stylesheet (React renders views the inline CSS of the
 * first one does not style) and the app's chunks, all requested at once, then, with the
 * stylesheet in, the app's entry (main.tsx), which takes the record over and hydrates. Its tag
 * lists them: `data-hydrate`, the entry first, and `data-stylesheet` (written by prerender.mjs
 * from Vite's manifest). It runs as soon as it arrives (async, right after #root). A signed-in
 * page rendered by the server has its own first script (hydrate-after-paint.ts).
 */
recordUntilHydration();
const tag = document.querySelector<HTMLScriptElement>('script[data-hydrate]')!;
const [entry, ...chunks] = tag.dataset.hydrate!.split(' ');
// A timer where there is no requestIdleCallback (Safari); a page that stays busy still gets its app after 2 s.
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
const link = (rel: string, href: string) => Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });

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
