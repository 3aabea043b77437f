import { loadAuthClient, toResult, useAuthCall, type AuthCallResult } from '../../../lib/session/auth-call.ts';
import { EMAIL_CONFIRMED_PATH } from './sign-up.ts';

/** POST /api/auth/send-verification-email: a new confirmation link for an unconfirmed account. */
export async function sendVerificationEmail(email: string): Promise<AuthCallResult> {
  const client = await loadAuthClient();
  return toResult(await client.sendVerificationEmail({ email, callbackURL: EMAIL_CONFIRMED_PATH }));
}

export const useSendVerificationEmail = () => useAuthCall(sendVerificationEmail);
