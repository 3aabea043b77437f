import { loadAuthClient, toResult, useAuthCall, type AuthCallResult } from '../../../lib/session/auth-call.ts';

/** Where better-auth sends the person back: /auth?reset=true&token=… (or &error=INVALID_TOKEN). */
export const RESET_REDIRECT_PATH = '/auth?reset=true';

/** POST /api/auth/request-password-reset; answers the same whether the address exists or not. */
export async function requestPasswordReset(email: string): Promise<AuthCallResult> {
  const client = await loadAuthClient();
  return toResult(await client.requestPasswordReset({ email, redirectTo: RESET_REDIRECT_PATH }));
}

export const useRequestPasswordReset = () => useAuthCall(requestPasswordReset);
