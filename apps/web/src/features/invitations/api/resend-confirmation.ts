import { useMutation } from '@tanstack/react-query';
import { completeProfileAfterInvitePath } from '@sede/shared/invitations';
import { loadAuthClient, toResult } from '../../../lib/session/auth-call.ts';

/** A new confirmation link for an invitee who signed up but has not confirmed yet. */
export async function resendInviteConfirmation({ email, token }: { email: string; token: string }) {
  const client = await loadAuthClient();
  return toResult(await client.sendVerificationEmail({ email, callbackURL: completeProfileAfterInvitePath(token, email) }));
}

export const useResendInviteConfirmation = () => useMutation({ mutationFn: resendInviteConfirmation, retry: false });
