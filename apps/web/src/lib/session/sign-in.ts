import { loadAuthClient, toResult, useAuthCall, type AuthCallResult } from './auth-call.ts';

export type SignInBody = { email: string; password: string };

/** POST /api/auth/sign-in/email. Resolves with the error (never retried: a second try is a second sign-in). */
export async function signInWithPassword(body: SignInBody): Promise<AuthCallResult> {
  const client = await loadAuthClient();
  return toResult(await client.signIn.email(body));
}

export const useSignIn = () => useAuthCall(signInWithPassword);
