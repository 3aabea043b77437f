import { loadAuthClient, toResult, useAuthCall, type AuthCallResult } from '../../../lib/session/auth-call.ts';

export type SignUpBody = { email: string; password: string; firstName: string; lastName: string };
export type SignUpData = { user?: { id: string; email: string } | null };

export const EMAIL_CONFIRMED_PATH = '/email-confirmed';

/** POST /api/auth/sign-up/email; the confirmation e-mail links back to /email-confirmed. */
export async function signUpWithPassword(body: SignUpBody): Promise<AuthCallResult<SignUpData>> {
  const client = await loadAuthClient();
  // firstName/lastName are additional fields the server declares; the client does not type them.
  const payload = { ...body, name: `${body.firstName} ${body.lastName}`, callbackURL: EMAIL_CONFIRMED_PATH };
  return toResult<SignUpData>(await client.signUp.email(payload as Parameters<typeof client.signUp.email>[0]));
}

export const useSignUp = () => useAuthCall(signUpWithPassword);
