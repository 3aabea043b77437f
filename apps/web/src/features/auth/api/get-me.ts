import { queryOptions } from '@tanstack/react-query';
import type { Viewer, ViewerCompany, ViewerProfile } from '@sede/shared/viewer';
import { api, ApiError } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export { authKeys };

export type MeProfile = ViewerProfile;
export type MeCompany = ViewerCompany;
export type Me = Viewer;

export const meQueryKey = authKeys.me;

/** The signed-in bootstrap; null when nobody is signed in (a 401 is an answer, not an error). */
export async function getMe(): Promise<Me | null> {
  try {
    return await api<Me>('/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000, gcTime: 15 * 60_000, retry: 1 });
