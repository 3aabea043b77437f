import { loadAuthClient, toResult, useAuthCall, type AuthCallResult } from '../../../lib/session/auth-call.ts';

/** After Google the company-setup screen takes over (spec §2, §4 "OAuth return"). */
export const GOOGLE_RETURN_PATH = '/company-setup?oauth=true';

/** POST /api/auth/sign-in/social; on success the client sends the browser to Google. */
export async function signInWithGoogle(): Promise<AuthCallResult> {
  const client = await loadAuthClient();
  return toResult(
    await client.signIn.social({
      provider: 'google',
      callbackURL: GOOGLE_RETURN_PATH,
      errorCallbackURL: GOOGLE_RETURN_PATH,
      newUserCallbackURL: GOOGLE_RETURN_PATH,
    }),
  );
}

export const useSignInWithGoogle = () => useAuthCall(signInWithGoogle);
