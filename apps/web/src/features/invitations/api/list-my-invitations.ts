import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { MyInvitation } from '@sede/shared/invitations';
import { api } from '../../../lib/api-client.ts';
import { invitationKeys } from './keys.ts';

export const myInvitationsQueryKey = invitationKeys.mine;

export const listMyInvitations = () => api<{ invitations: MyInvitation[] }>('/invitations/mine').then((r) => r.invitations);

export const myInvitationsQueryOptions = () => queryOptions({ queryKey: myInvitationsQueryKey, queryFn: listMyInvitations, ...CACHE.dynamic });

/** Only asked for by someone signed in without a company (they are the only ones it can list). */
export const useMyInvitations = (enabled: boolean) => useQuery({ ...myInvitationsQueryOptions(), enabled });
