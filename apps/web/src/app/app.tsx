import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client.ts';
import { LatestLocation } from '../lib/url-params.ts';
import { createRouter, type AppRouter } from './router.tsx';

/**
 * The whole app. The build's prerender (app/prerender.tsx) renders this same tree over a memory
 * router, so the browser hydrates what the server wrote (decision 0636). `client` is a query
 * client made beforehand (main.tsx asks who is signed in before the page's code arrives).
 */
export function App({ makeRouter = createRouter, client }: { makeRouter?: () => AppRouter; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [router] = useState(makeRouter);
  const [latestLocation] = useState(() => () => router.state.location);
  return (
    <QueryClientProvider client={queryClient}>
      <LatestLocation.Provider value={latestLocation}>
        <RouterProvider router={router} />
      </LatestLocation.Provider>
    </QueryClientProvider>
  );
}
