/**
 * GET requests a signed-in page starts before its code has arrived (decision 0761). The router
 * asks for the route's `early` paths as it starts loading the route's chunks, so the data travels
 * alongside the JavaScript instead of after it; `api()` hands the response to the first GET of the
 * same path (TanStack Query's fetch of that page), once. A response nobody takes within
 * `FRESH_MS` is dropped and the query fetches as it always did.
 */
const FRESH_MS = 10_000;
const started = new Map<string, { at: number; response: Promise<Response> }>();

let disabled = false;
/** The page came with its data (rendered by the server, decision 0766), or this is the server's renderer: nothing to ask early. */
export function disableEarly(): void {
  disabled = true;
  started.clear();
}

export function startEarly(paths: readonly string[] | undefined): void {
  if (disabled) return;
  const now = Date.now();
  for (const path of paths ?? []) {
    const known = started.get(path);
    if (known && now - known.at < FRESH_MS) continue;
    const response = fetch(`/api${path}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    // A network error surfaces in the reader (api() turns it into its own error), never as an unhandled rejection here.
    response.catch(() => undefined);
    started.set(path, { at: now, response });
  }
}

/**
 * A write makes every response asked before it suspect (decision 0745: a refresh after a change must
 * not get an answer that predates it): api() drops them all before sending one.
 */
export function dropEarly(): void {
  started.clear();
}

/** The early response for a GET of `path`, taken once; none when it was never asked or is stale. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const known = started.get(path);
  if (!known) return undefined;
  started.delete(path);
  return Date.now() - known.at < FRESH_MS ? known.response : undefined;
}
