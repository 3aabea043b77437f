import { loadAuthClient, toResult, useAuthCall, type AuthCallResult } from '../../../lib/session/auth-call.ts';

/** POST /api/auth/reset-password with the token from the e-mail link. */
export async function resetPassword(body: { newPassword: string; token: string }): Promise<AuthCallResult> {
  const client = await loadAuthClient();
  return toResult(await client.resetPassword(body));
}

export const useResetPassword = () => useAuthCall(resetPassword);
