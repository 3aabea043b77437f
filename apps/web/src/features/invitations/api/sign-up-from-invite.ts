import { useMutation } from '@tanstack/react-query';
import { completeProfileAfterInvitePath } from '@sede/shared/invitations';
import { loadAuthClient, toResult, type AuthCallResult } from '../../../lib/session/auth-call.ts';

export type InviteSignUp = { email: string; password: string; token: string };
type SignUpData = { token?: string | null; user?: { id: string } | null };

/**
 * Sign-up from the invite view: the invite's e-mail, empty names (asked on the profile form),
 * the invitation token; the confirmation e-mail then lands signed in on /complete-profile.
 */
export async function signUpFromInvite({ email, password, token }: InviteSignUp): Promise<AuthCallResult<SignUpData>> {
  const client = await loadAuthClient();
  const payload = {
    email,
    password,
    name: email.split('@')[0] ?? email,
    firstName: '',
    lastName: '',
    invitedToken: token,
    callbackURL: completeProfileAfterInvitePath(token, email),
  };
  return toResult<SignUpData>(await client.signUp.email(payload as Parameters<typeof client.signUp.email>[0]));
}

export const useSignUpFromInvite = () => useMutation({ mutationFn: signUpFromInvite, retry: false });
