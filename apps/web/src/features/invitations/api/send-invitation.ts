import { useMutation } from '@tanstack/react-query';
import { INVITE_MESSAGES, sendInvitationSchema, type SendInvitationInput, type SendInvitationReply } from '@sede/shared/invitations';
import { api, ApiError } from '../../../lib/api-client.ts';

/** send-invitation: POST /api/invitations. An invitation fails when the reply says success is false. */
export async function sendInvitation(input: SendInvitationInput): Promise<SendInvitationReply> {
  const body = sendInvitationSchema.parse(input);
  let reply: SendInvitationReply;
  try {
    reply = await api<SendInvitationReply>('/invitations', { method: 'POST', json: body });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw new Error(INVITE_MESSAGES.notAuthenticated);
    if (e instanceof ApiError) throw new Error(e.message || INVITE_MESSAGES.unknownServerError);
    throw e;
  }
  if (!reply.success) throw new Error(reply.error || INVITE_MESSAGES.unknownServerError);
  return reply;
}

// Never retried: a retry would send a second e-mail (and rotate the first link).
export const useSendInvitation = () => useMutation({ mutationFn: sendInvitation, retry: false });
