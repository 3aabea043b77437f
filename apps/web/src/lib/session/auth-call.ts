import { useCallback, useState } from 'react';
import type { AuthErrorLike } from '@sede/shared/auth-errors';

/**
 * better-auth's client is loaded on first use, not with the /auth page: it keeps the page's
 * first download small (docs/decisions/0020-auth-screens.md). `preloadAuthClient` warms it
 * as soon as the person starts typing.
 */
export const loadAuthClient = () => import('../auth-client.ts').then((m) => m.authClient);
export const preloadAuthClient = () => void loadAuthClient().catch(() => undefined);

export type AuthCallResult<T = unknown> = { data: T | null; error: AuthErrorLike };

type RawResult = { data: unknown; error: { code?: string; message?: string; status?: number } | null };

/** The same shape for every call: a better-auth error keeps its code, message and status. */
export function toResult<T>(raw: RawResult): AuthCallResult<T> {
  const e = raw.error;
  return { data: (raw.data ?? null) as T | null, error: e ? { code: e.code, message: e.message, status: e.status } : null };
}

/**
 * The pending state of one auth call, shaped like a mutation ({ isPending, mutateAsync }).
 * Not TanStack's useMutation: an auth call must never be retried, nothing is cached, and the
 * mutation machinery would add ~1 KB to /auth.
 */
export function useAuthCall<A extends unknown[], R>(call: (...args: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async (...args: A) => {
      setPending(true);
      try {
        return await call(...args);
      } finally {
        setPending(false);
      }
    },
    [call],
  );
  return { isPending, mutateAsync };
}
