import { useMutation } from '@tanstack/react-query';
import { invitationTokenBodySchema } from '@sede/shared/invitations';
import { api } from '../../../lib/api-client.ts';

/** Decline: the invitation is deleted (spec §4). */
export async function declineInvitation(token: string): Promise<void> {
  await api('/invitations/decline', { method: 'DELETE', json: invitationTokenBodySchema.parse({ invitation_token: token }) });
}

export const useDeclineInvitation = () => useMutation({ mutationFn: declineInvitation, retry: false });
