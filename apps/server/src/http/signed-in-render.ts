import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sessionCookieValue } from '../platform/viewer.ts';

/** What the web build's dist/ssr/render-signed-in.js exports (apps/web/src/app/render-signed-in.tsx). */
type RenderModule = {
  renderSignedIn: (
    url: string,
    fetchApi: (path: string, init: RequestInit) => Promise<Response>,
    signal: AbortSignal,
  ) => Promise<{ markup: string; title: string; state: unknown } | null>;
  warmUp: () => Promise<void>;
};

/** The in-process API: a request to the app's own /api with the visitor's cookie, nothing else of theirs. */
export type InProcessFetch = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Whether a request's browser gets the signed-in pages rendered by the server (SSR_SIGNED_IN,
 * decisions 0766 and 0769): 'on' for every browser but one carrying the cookie `sede_ssr=0` (a
 * person or a browser test that wants the plain single-page app), 'opt-in' only for one carrying
 * `sede_ssr=1`, 'off' for none.
 */
export function wantsServerRender(mode: 'off' | 'opt-in' | 'on', cookie: string | undefined): boolean {
  if (mode === 'off') return false;
  const choice = /(?:^|;\s*)sede_ssr=([01])(?:;|$)/.exec(cookie ?? '')?.[1];
  return mode === 'on' ? choice !== '0' : choice === '1';
}

/** JSON inside an HTML script element: no `<` can close it, no U+2028/2029 can end a line. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The document of a signed-in page rendered with its data (decision 0766): the web build's
 * dist/ssr/document.html (index.html painted from its inline CSS, the app requested once the page
 * has first painted, decision 0770) with the page's markup in #root, the state the browser seeds
 * before hydrating (main.tsx) in its JSON script, and the page's title.
 */
export function signedInDocument(template: string, page: { markup: string; title: string; state: unknown }): string {
  return template
    .replace('<!--ssr-markup-->', () => page.markup)
    .replace('<!--ssr-state-->', () => jsonForScript(page.state))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/**
 * The signed-in pages' server render, when the web build made its bundle (`<dist>/ssr/`): for a
 * request carrying a session cookie, the page's document, or null (the plain single-page app:
 * no bundle, nobody signed in, a page the renderer leaves to the browser, an error, or over
 * `budgetMs`, SSR_RENDER_BUDGET_MS). Never throws.
 */
export function signedInPages(dist: string, budgetMs: number) {
  const bundle = path.join(dist, 'ssr', 'render-signed-in.js');
  const documentFile = path.join(dist, 'ssr', 'document.html');
  if (!existsSync(bundle) || !existsSync(documentFile)) return null;
  const template = readFileSync(documentFile, 'utf8');
  let loading: Promise<RenderModule | null> | null = null;
  const load = () => {
    loading ??= (import(pathToFileURL(bundle).href) as Promise<RenderModule>).catch((e: unknown) => {
      console.error('Render dos painéis no servidor indisponível:', e instanceof Error ? e.message : e);
      return null;
    });
    return loading;
  };
  return {
    /** Loads the renderer ahead of the first request (its first render would otherwise spend its budget on it). */
    warm: () => void load().then((mod) => mod?.warmUp()),
    async render(url: URL, cookie: string | undefined, fetchApi: InProcessFetch): Promise<string | null> {
      if (!sessionCookieValue(cookie)) return null;
      const signal = AbortSignal.timeout(budgetMs);
      try {
        const mod = await load();
        if (!mod || signal.aborted) return null;
        const timedOut = new Promise<null>((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true }));
        const page = await Promise.race([mod.renderSignedIn(`${url.pathname}${url.search}`, fetchApi, signal), timedOut]);
        if (!page && signal.aborted) console.warn(`Render no servidor passou de ${budgetMs} ms: ${url.pathname} vai como a aplicação comum.`);
        return page ? signedInDocument(template, page) : null;
      } catch (e) {
        console.error('Render no servidor falhou:', url.pathname, e instanceof Error ? e.message : e);
        return null;
      }
    },
  };
}
