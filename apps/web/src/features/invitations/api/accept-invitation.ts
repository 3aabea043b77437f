import { useMutation } from '@tanstack/react-query';
import { INVITE_MESSAGES, invitationTokenBodySchema, type AcceptInvitationReply } from '@sede/shared/invitations';
import { api, ApiError } from '../../../lib/api-client.ts';

async function post(path: string, token: string): Promise<AcceptInvitationReply> {
  const body = invitationTokenBodySchema.parse({ invitation_token: token });
  try {
    const reply = await api<AcceptInvitationReply>(path, { method: 'POST', json: body });
    if (!reply.success) throw new Error(reply.error ?? INVITE_MESSAGES.unexpectedProcess);
    return reply;
  } catch (e) {
    if (e instanceof ApiError) throw new Error(e.message || INVITE_MESSAGES.unexpectedProcess);
    throw e;
  }
}

/** accept_company_invitation (idempotent for the same person). */
export const acceptInvitation = (token: string) => post('/invitations/accept', token);

/** process_invite_after_confirmation: the same acceptance, after the e-mail was confirmed. */
export const processInviteAfterConfirmation = (token: string) => post('/invitations/process-after-confirmation', token);

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation, retry: false });
