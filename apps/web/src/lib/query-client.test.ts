import { describe, expect, it } from 'vitest';
import { CACHE, TOASTS } from '@sede/shared/constants';
import { ApiError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

type RetryFn = (count: number, error: unknown) => boolean;
type DelayFn = (count: number, error: unknown) => number;

describe('data cache of spec §9', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const retry = defaults.queries!.retry as RetryFn;
  const delay = defaults.queries!.retryDelay as DelayFn;

  it('stale 2 min and kept 15 min by default, no refetch on window focus', () => {
    expect(defaults.queries).toMatchObject({ staleTime: 120_000, gcTime: 900_000, refetchOnWindowFocus: false });
  });

  it('dynamic data 30 s / 2 min, static data 10 min / 15 min', () => {
    expect(CACHE.dynamic).toEqual({ staleTime: 30_000, gcTime: 120_000 });
    expect(CACHE.static).toEqual({ staleTime: 600_000, gcTime: 900_000 });
  });

  it('3 retries for a server or network failure, none for a client error', () => {
    const server = new ApiError(503, 'UNAVAILABLE', 'fora do ar');
    expect([0, 1, 2, 3].map((n) => retry(n, server))).toEqual([true, true, true, false]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(0, new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(false);
  });

  it('exponential backoff from 1 s capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => delay(n, null))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('mutations retry once', () => {
    expect(defaults.mutations!.retry).toBe(1);
  });

  it('toasts: 4 s with 3 visible by default, login toasts 2.5 s', () => {
    expect(TOASTS).toMatchObject({ defaultDuration: 4000, visible: 3, loginDuration: 2500 });
  });
});
