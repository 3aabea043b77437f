import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityQuerySchema, type ActivityPage } from '@sede/shared/activity';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, type ActivityFilters } from './keys.ts';

export type { ActivityFilters };

export function listActivity(filters: ActivityFilters, before?: number): Promise<ActivityPage> {
  const q = activityQuerySchema.parse({ ...filters, before });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') search.set(k, String(v));
  return api<ActivityPage>(`/members/activity?${search}`);
}

export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.activityList(filters),
    queryFn: ({ pageParam }) => listActivity(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    ...CACHE.dynamic,
  });

export const useActivity = (filters: ActivityFilters) => useInfiniteQuery(activityQueryOptions(filters));
