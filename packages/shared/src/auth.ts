import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { looksLikeEmail, normalizeEmail } from './email.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';

export { AUTH_MESSAGES };



/** Sign-in: e-mail trimmed and lower-cased, password trimmed (spec §5). */
export const signInSchema = z
  .object({ email: z.string().default(''), password: z.string().default('') })
  .transform((v) => ({ email: normalizeEmail(v.email), password: v.password.trim() }))
  .superRefine((v, ctx) => {
    if (!v.email || !v.password) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.required, path: ['email'] });
    else if (!looksLikeEmail(v.email)) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.invalidEmail, path: ['email'] });
  });
export type SignInInput = z.input<typeof signInSchema>;

export const signUpSchema = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    email: z.string().default(''),
    password: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .transform((v) => ({
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: normalizeEmail(v.email),
    password: v.password,
    confirmPassword: v.confirmPassword,
  }))
  .superRefine((v, ctx) => {
    if (!v.firstName || !v.lastName || !v.email || !v.password || !v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpRequired, path: ['firstName'] });
    } else if (!looksLikeEmail(v.email)) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.invalidEmail, path: ['email'] });
    } else if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordMismatch, path: ['confirmPassword'] });
    } else if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.weakPassword, path: ['password'] });
    }
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const resetRequestSchema = z
  .object({ email: z.string().default('') })
  .transform((v) => ({ email: normalizeEmail(v.email) }))
  .superRefine((v, ctx) => {
    if (!v.email) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.resetEmailRequired, path: ['email'] });
    else if (!looksLikeEmail(v.email)) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.invalidEmail, path: ['email'] });
  });

/** The new-password form on /auth?reset=true (not shown by the spec; same rules as sign-up). */
export const newPasswordSchema = z
  .object({ password: z.string().default(''), confirmPassword: z.string().default('') })
  .superRefine((v, ctx) => {
    if (!v.password || !v.confirmPassword) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpRequired, path: ['password'] });
    else if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordMismatch, path: ['confirmPassword'] });
    else if (v.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.weakPassword, path: ['password'] });
  });

/** First message of a failed zod parse (forms show one message at a time, as the spec words them). */
export function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Dados inválidos';
}
