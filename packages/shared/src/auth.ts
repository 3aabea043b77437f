import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { checkNewPassword, checkResetRequest, checkSignIn, checkSignUp, type RuleResult } from './auth-rules.ts';

export { AUTH_MESSAGES };
export { SIGN_UP_FIELDS } from './auth-rules.ts';

/**
 * zod schemas of the auth forms, for servers and tests. The rules themselves live in
 * auth-rules.ts (zod-free, what the /auth page uses): a schema parses to the same cleaned
 * values and fails with the same single message and field.
 */
function fromRule<T>(check: (raw: Record<string, unknown>) => RuleResult<T, string>) {
  return z.unknown().transform((raw, ctx) => {
      const result = check(typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {});
      if (result.success) return result.data;
      ctx.addIssue({ code: 'custom', message: result.message, path: [result.field] });
      return z.NEVER;
    });
}

/** Sign-in: e-mail trimmed and lower-cased, password trimmed (spec §5). */
export const signInSchema = fromRule(checkSignIn);
export type SignInInput = { email?: string; password?: string };

export const signUpSchema = fromRule(checkSignUp);
export type SignUpInput = { firstName?: string; lastName?: string; email?: string; password?: string; confirmPassword?: string };

export const resetRequestSchema = fromRule(checkResetRequest);

/** The new-password form on /auth?reset=true (not shown by the spec; same rules as sign-up). */
export const newPasswordSchema = fromRule(checkNewPassword);

/** First message of a failed zod parse (forms show one message at a time, as the spec words them). */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Dados inválidos';
}
