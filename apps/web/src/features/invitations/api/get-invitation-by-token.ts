import { queryOptions, useQuery } from '@tanstack/react-query';
import { INVITE_MESSAGES, invitationTokenSchema, type InvitationByToken } from '@sede/shared/invitations';
import { api, ApiError } from '../../../lib/api-client.ts';
import { invitationKeys } from './keys.ts';

export async function getInvitationByToken(token: string): Promise<InvitationByToken> {
  const parsed = invitationTokenSchema.parse(token);
  const { invitation } = await api<{ invitation: InvitationByToken }>(`/invitations/by-token?token=${encodeURIComponent(parsed)}`);
  return invitation;
}

/** The loading errors of spec §8, from the server's answer. */
export function invitationLoadError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return INVITE_MESSAGES.notFoundOrUsed;
    if (error.status === 410) return INVITE_MESSAGES.expired;
    if (error.status === 400) return INVITE_MESSAGES.invalidToken;
  }
  return INVITE_MESSAGES.unexpectedLoad;
}

export const invitationQueryOptions = (token: string, viewerId: string | null) =>
  queryOptions({
    queryKey: invitationKeys.byToken(token, viewerId),
    queryFn: () => getInvitationByToken(token),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const useInvitationByToken = (token: string | null, viewerId: string | null) =>
  useQuery({ ...invitationQueryOptions(token ?? '', viewerId), enabled: Boolean(token) });
