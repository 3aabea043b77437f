import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client.ts';
import { LatestLocation } from '../lib/url-params.ts';
import { createRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  const [latestLocation] = useState(() => () => router.state.location);
  return (
    <QueryClientProvider client={queryClient}>
      <LatestLocation.Provider value={latestLocation}>
        <RouterProvider router={router} />
      </LatestLocation.Provider>
    </QueryClientProvider>
  );
}
