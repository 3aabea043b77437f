import { existsSync } from 'node:fs';
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

/** A page asked for longer than this is the browser's to render (the plain single-page app). */
export const RENDER_BUDGET_MS = 400;

/** JSON inside an HTML script element: no `<` can close it, no U+2028/2029 can end a line. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The document of a signed-in page rendered with its data (decision 0766): the built index.html
 * with the page's markup in #root, the state the browser seeds before hydrating (main.tsx) in a
 * JSON script, the page's title, and the whole stylesheet inline in the head (the content paints
 * with the document alone; the app's scripts load as before).
 */
export function signedInDocument(template: string, css: string | null, page: { markup: string; title: string; state: unknown }): string {
  let html = template.replace(
    '<div id="root"></div>',
    `<div id="root">${page.markup}</div>\n    <script type="application/json" id="sede-state">${jsonForScript(page.state)}</script>`,
  );
  html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
  if (css) {
    html = html.replace(/ *<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">\n/, '');
    html = html.replace('  </head>', () => `    <style>${css.replaceAll('</style', '<\\/style')}</style>\n  </head>`);
  }
  return html;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/**
 * The signed-in pages' server render, when the web build made its bundle (`<dist>/ssr/`): for a
 * request carrying a session cookie, the page's document, or null (the plain single-page app:
 * no bundle, nobody signed in, a page the renderer leaves to the browser, an error, or over
 * RENDER_BUDGET_MS). Never throws.
 */
export function signedInPages(dist: string, template: string, css: string | null, budgetMs = RENDER_BUDGET_MS) {
  const bundle = path.join(dist, 'ssr', 'render-signed-in.js');
  if (!existsSync(bundle)) return null;
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
        return page ? signedInDocument(template, css, page) : null;
      } catch (e) {
        console.error('Render no servidor falhou:', url.pathname, e instanceof Error ? e.message : e);
        return null;
      }
    },
  };
}
