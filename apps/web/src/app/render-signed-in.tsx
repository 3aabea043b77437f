import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { type DehydratedState, dehydrate, type Query, skipToken } from '@tanstack/react-query';
import { resolveRedirect } from '@sede/shared/routing';
import { signedInRoutingInput } from './guards/routing-input.ts';
import { setApiTransport } from '../lib/api-client.ts';
import { disableEarly } from '../lib/early-get.ts';
import { queryClient } from '../lib/query-provider.tsx';
import type { Me } from '../lib/session/get-me.ts';
import { seedMe } from '../lib/session/me-store.ts';
import { App } from './app.tsx';
import { loadRoutesOf, routes } from './router.tsx';
import { documentTitle, ROUTES } from './routes.ts';

/**
 * A signed-in page's first view with its data, rendered by the server for each request (decision
 * 0766; built to dist/ssr/ by prerender.mjs, imported by apps/server/src/http/signed-in-render.ts).
 * The app's own tree over a memory router at the address, as the build's prerender does for the
 * public pages (app/prerender.tsx), with who is signed in seeded from the API's /me and the page's
 * queries answered by the API itself (`fetchApi`, the server's app in-process with the caller's
 * cookie: the same tenancy and permissions as the browser's requests). TanStack Query builds the
 * queries a render reads in the cache without fetching them on the server; they are fetched, and
 * the page rendered again, until no new query appears (at most MAX_ROUNDS). What the browser needs
 * to render the same markup (the /me answer and the successful queries) goes with the HTML;
 * main.tsx puts it in place before hydrating.
 *
 * The app's stores are its modules' (the me-store, the query cache, api()'s transport): one render
 * at a time, each leaving them empty.
 */

/** The API reached in-process: the path after /api, as api() is called with it. */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;
export type SignedInState = { me: Me; queries: DehydratedState };
export type SignedInPage = { markup: string; title: string; state: SignedInState };

const MAX_ROUNDS = 3;

// Nothing is asked "early" here: the queries are answered before the page is written.
disableEarly();

let queue: Promise<unknown> = Promise.resolve();

/**
 * The page at `url` (path and query) for whoever `fetchApi`'s cookie signs in, or null when the
 * browser should render it itself: nobody signed in, the guards would send them elsewhere, a public
 * or unknown address, a render that failed, or `signal` aborted (the server's time limit).
 */
export function renderSignedIn(url: string, fetchApi: ApiFetch, signal: AbortSignal): Promise<SignedInPage | null> {
  const run = queue.then(() => (signal.aborted ? null : renderNow(url, fetchApi, signal)));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Loads the code of every signed-in page ahead of the first requests (their first render would
 * otherwise spend the server's time limit on it), one after another; a page whose code cannot run
 * here is only left to the browser.
 */
export async function warmUp(): Promise<void> {
  for (const def of ROUTES) {
    if (def.access === 'public' || def.layout !== 'shell' || def.path.includes(':')) continue;
    await loadRoutesOf(def.path).catch(() => undefined);
  }
}

/**
 * The route definition the path lands on, when it is a signed-in page of the shell. The signed-in
 * pages of the focus layout (setting up the company, onboarding, completing the profile) are forms
 * filled at once, whose validation must run as they are typed in: they stay the browser's.
 */
function signedInRoute(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1)?.route.path;
  const def = leaf ? ROUTES.find((r) => r.path === leaf) : undefined;
  return def && def.access !== 'public' && def.layout === 'shell' ? def : null;
}

async function renderNow(url: string, fetchApi: ApiFetch, signal: AbortSignal): Promise<SignedInPage | null> {
  const target = new URL(url, 'http://render.invalid');
  const def = signedInRoute(target.pathname);
  // An OAuth return is the guards' to clean up in the browser.
  if (!def || /access_token|oauth=true/.test(target.search)) return null;
  const meResponse = await fetchApi('/me', { headers: { Accept: 'application/json' } });
  if (!meResponse.ok) return null;
  const me = (await meResponse.json()) as Me;
  // The routing rules of RouteRules (app/guards/route-rules.tsx): a page they leave renders here.
  const redirect = resolveRedirect(signedInRoutingInput(me, target.pathname, false));
  if ((redirect && redirect !== target.pathname) || signal.aborted) return null;

  const cache = queryClient.getQueryCache();
  try {
    seedMe(me);
    setApiTransport(fetchApi);
    queryClient.clear();
    await loadRoutesOf(target.pathname);
    let markup = await renderOnce(url, signal);
    const failed = new Set<string>();
    for (let round = 0; round < MAX_ROUNDS && markup !== null; round++) {
      const waiting = cache.getAll().filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && !failed.has(q.queryHash) && wanted(q));
      if (!waiting.length) break;
      await Promise.all(waiting.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined)));
      if (signal.aborted) return null;
      // A query that failed renders as the browser's first render shows it: not asked yet.
      for (const q of cache.getAll())
        if (q.state.status === 'error') {
          failed.add(q.queryHash);
          cache.remove(q);
        }
      markup = await renderOnce(url, signal);
    }
    if (markup === null || signal.aborted) return null;
    const queries = dehydrate(queryClient);
    return { markup, title: documentTitle(def.title), state: { me, queries } };
  } finally {
    queryClient.clear();
    seedMe(undefined);
    setApiTransport(null);
  }
}

/** A query its page asks for now (enabled, with something to run). */
function wanted(q: Query): boolean {
  const { enabled, queryFn } = q.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  if (!queryFn || queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
}

/** The page's markup, once every lazy part it shows has arrived; null when any part failed to render. */
async function renderOnce(url: string, signal: AbortSignal): Promise<string | null> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  let failed = false;
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App makeRouter={() => router} />
      </StrictMode>,
      {
        signal,
        // One document, every boundary in place: no boundary moved to the end with an inline script to reveal it (the CSP allows none).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: () => {
          failed = true;
        },
      },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    // Anywhere but the address asked (a redirect the render made): the browser's own.
    if (failed || router.state.location.pathname !== new URL(url, 'http://render.invalid').pathname) return null;
    return html;
  } catch {
    return null;
  } finally {
    router.dispose();
  }
}
