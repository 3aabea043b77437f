import { QueryClient } from '@tanstack/react-query';
import { CACHE, retryDelay } from '@sede/shared/constants';
import { ApiError } from './api-client.ts';

/** Cache settings of spec §9. Use CACHE.dynamic / CACHE.static per query where they apply. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE.default.staleTime,
        gcTime: CACHE.default.gcTime,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404, 400) will not change on retry.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < CACHE.retries,
        retryDelay,
      },
      mutations: { retry: CACHE.mutationRetries, retryDelay },
    },
  });
}
