import { createContext, useCallback, useContext } from 'react';
import { type Location, type SetURLSearchParams, useLocation, useSearchParams } from 'react-router';

/** The router's newest location (the app's data router knows it before React renders it). */
export const LatestLocation = createContext<(() => Location) | null>(null);

/**
 * The page's query string and a setter, like React Router's `useSearchParams`, except that an
 * update given as a function starts from the latest address, not from the last render.
 *
 * React Router hands a functional update the params of the last render (its docs: "does not
 * support the queueing logic that React's setState implements"), and it renders a navigation in
 * a transition, after the router's state has moved on. Two quick changes — close a deal's panel,
 * then pick a filter — therefore brought the panel back: the filter was written over the address
 * from before the close. The app provides the router's own location (`LatestLocation`); without
 * it (component tests) or on another path (a navigation under way) the render's params are used.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const latest = useContext(LatestLocation);
  const update = useCallback<SetURLSearchParams>(
    (next, options) => {
      if (typeof next !== 'function') return setParams(next, options);
      const now = latest?.();
      const base = now && now.pathname === pathname ? new URLSearchParams(now.search) : new URLSearchParams(params);
      setParams(() => next(base), options);
    },
    [setParams, pathname, params, latest],
  );
  return [params, update];
}

/** An update of the query for `setParams`: sets each key of `patch`, or removes it when empty. */
export const patchParams =
  (patch: Record<string, string | undefined>) =>
  (prev: URLSearchParams): URLSearchParams => {
    const next = new URLSearchParams(prev);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next;
  };

/** The query's values of `keys` that are set, as a record for a schema to parse (a board's filters). */
export const pickParams = (params: URLSearchParams, keys: readonly string[]): Record<string, string> => {
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) picked[key] = value;
  }
  return picked;
};
