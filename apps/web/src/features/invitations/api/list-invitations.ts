import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { PendingInvitation } from '@sede/shared/invitations';
import { api } from '../../../lib/api-client.ts';
import { invitationKeys } from './keys.ts';

export const invitationsQueryKey = invitationKeys.pending;

export const listInvitations = () => api<{ invitations: PendingInvitation[] }>('/invitations').then((r) => r.invitations);

export const invitationsQueryOptions = () => queryOptions({ queryKey: invitationsQueryKey, queryFn: listInvitations, ...CACHE.dynamic });

export const usePendingInvitations = () => useQuery(invitationsQueryOptions());
