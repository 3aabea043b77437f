import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client.ts';
import { onSessionEnd } from './session/me-store.ts';

/**
 * The one query cache of the page, loaded with the first page that uses TanStack Query (the
 * signed-in shell, /pagar, the invitation…), not with /auth (decision 0700). Emptied when the
 * session ends, as the sign-out of spec §4 asks.
 */
export const queryClient = createQueryClient();
onSessionEnd(() => queryClient.clear());

export function WithQuery({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The answers the server rendered the page with (decision 0766), in the cache before the hydration renders. */
export function seedQueries(state: DehydratedState): void {
  hydrate(queryClient, state);
}
