import { queryOptions } from '@tanstack/react-query';
import type { Mentionable } from '@sede/shared/platform/collaboration';
import { api } from '../../../lib/api-client.ts';
import { crmContactKeys } from './keys.ts';

/** The company's members (owners): the members directory every member may read. */
export const ownersQueryOptions = () =>
  queryOptions({
    queryKey: crmContactKeys.owners,
    queryFn: async () => (await api<{ people: Mentionable[] }>('/comments/mentionable')).people,
    staleTime: 60_000,
  });
