import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { LatestLocation } from '../lib/url-params.ts';
import { createRouter, type AppRouter } from './router.tsx';

/**
 * The whole app. The build's prerender (app/prerender.tsx) renders this same tree over a memory
 * router, so the browser hydrates what the server wrote (decision 0636). TanStack Query is no
 * part of it: the pages that use it bring its provider (app/router.tsx, decision 0700).
 */
export function App({ makeRouter = createRouter }: { makeRouter?: () => AppRouter }) {
  const [router] = useState(makeRouter);
  const [latestLocation] = useState(() => () => router.state.location);
  return (
    <LatestLocation.Provider value={latestLocation}>
      <RouterProvider router={router} />
    </LatestLocation.Provider>
  );
}
