import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { MemberView } from '@sede/shared/members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const membersQueryKey = adminKeys.members;

export const listMembers = () => api<{ members: MemberView[] }>('/members').then((r) => r.members);

export const membersQueryOptions = () => queryOptions({ queryKey: membersQueryKey, queryFn: listMembers, ...CACHE.dynamic });

export const useMembers = () => useQuery(membersQueryOptions());
