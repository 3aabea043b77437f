import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app.tsx';
import { loadRoutesOf, routes } from './router.tsx';
import { documentTitle, ROUTES } from './routes.ts';

/**
 * The first view of a public page as HTML, at build time (decision 0636): the app's own tree
 * (app.tsx) over a memory router at `url`, once every lazy part it shows has arrived. Nobody is
 * signed in, no request has answered: what the browser's first render of that address shows, so
 * `hydrateRoot` (main.tsx) takes the markup over as it is.
 */
export async function prerenderPage(url: string): Promise<string> {
  await loadRoutesOf(new URL(url, 'http://prerender.invalid').pathname);
  const makeRouter = () => createMemoryRouter(routes, { initialEntries: [url] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App makeRouter={makeRouter} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
export { PRERENDERED_PAGES } from './prerendered-pages.ts';

/** Each route's browser tab title, as RootLayout sets it once the app runs. */
export const PAGE_TITLES = ROUTES.map((r) => [r.path, documentTitle(r.title)] as const);
