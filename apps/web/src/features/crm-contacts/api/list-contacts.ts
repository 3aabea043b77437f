import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { Organization, PartyPage, Person } from '@sede/shared/platform/parties';
import { api } from '../../../lib/api-client.ts';
import { crmContactKeys } from './keys.ts';

export type ContactEntity = 'people' | 'organizations';
export type ContactRow<E extends ContactEntity> = E extends 'people' ? Person : Organization;

/** GET /api/parties/<entity>?<filter, sort>&cursor=…: pages of 50, 'Carregar mais' or on scroll. */
export const contactsQueryOptions = <E extends ContactEntity>(entity: E, params: URLSearchParams) =>
  infiniteQueryOptions({
    queryKey: crmContactKeys.table(entity, params.toString()),
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams(params);
      q.set('limit', '50');
      if (pageParam) q.set('cursor', pageParam);
      return api<PartyPage<ContactRow<E>>>(`/parties/${entity}?${q}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the last rows until its answer comes, instead of grey rows at each pause in typing.
    placeholderData: keepPreviousData,
  });
