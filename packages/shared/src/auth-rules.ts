/**
 * The auth form rules of spec §5 as plain functions (no zod): the /auth page validates with
 * these to stay inside its download budget, and the zod schemas in auth.ts are built on them,
 * so both always agree. Each returns the cleaned values or the first problem and its field.
 */
import { AUTH_MESSAGES } from './auth-messages.ts';
import { PASSWORD_MIN_LENGTH, PERSON_NAME_MAX_LENGTH } from './constants.ts';

// The same two helpers as email.ts, repeated here because email.ts also builds zod schemas and
// importing it pulls zod (~23 KB) into /auth. auth.test.ts checks that both agree.
export const normalizeEmail = (value: string) => value.trim().toLowerCase();
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL_PATTERN.test(value);

export type RuleResult<T, F extends string = Extract<keyof T, string>> =
  | { success: true; data: T }
  | { success: false; field: F; message: string };

type Raw<K extends string> = Partial<Record<K, unknown>>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const fail = <F extends string>(field: F, message: string) => ({ success: false as const, field, message });

export type SignInValues = { email: string; password: string };
/** Sign-in: e-mail trimmed and lower-cased, password trimmed; both required; e-mail shape. */
export function checkSignIn(raw: Raw<keyof SignInValues>): RuleResult<SignInValues> {
  const data = { email: normalizeEmail(str(raw.email)), password: str(raw.password).trim() };
  if (!data.email) return fail('email', AUTH_MESSAGES.required);
  if (!data.password) return fail('password', AUTH_MESSAGES.required);
  if (!looksLikeEmail(data.email)) return fail('email', AUTH_MESSAGES.invalidEmail);
  return { success: true, data };
}

/** A first name or surname over the limit (after trimming), with its message; sign-up, profile and the server's sign-up hook. */
export function personNameTooLong(v: { firstName?: unknown; lastName?: unknown }): { field: 'firstName' | 'lastName'; message: string } | null {
  if (str(v.firstName).trim().length > PERSON_NAME_MAX_LENGTH) return { field: 'firstName', message: AUTH_MESSAGES.firstNameTooLong };
  if (str(v.lastName).trim().length > PERSON_NAME_MAX_LENGTH) return { field: 'lastName', message: AUTH_MESSAGES.lastNameTooLong };
  return null;
}

export const SIGN_UP_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
export type SignUpValues = Record<SignUpField, string>;
/** Sign-up: all five required, e-mail shape, passwords equal, at least 6 characters (after trimming). */
export function checkSignUp(raw: Raw<SignUpField>): RuleResult<SignUpValues> {
  const data: SignUpValues = {
    firstName: str(raw.firstName).trim(),
    lastName: str(raw.lastName).trim(),
    email: normalizeEmail(str(raw.email)),
    // Trimmed like at sign-in, or a password with an edge space could never be used to sign in.
    password: str(raw.password).trim(),
    confirmPassword: str(raw.confirmPassword).trim(),
  };
  const missing = SIGN_UP_FIELDS.find((f) => !data[f]);
  if (missing) return fail(missing, AUTH_MESSAGES.signUpRequired);
  const tooLong = personNameTooLong(data);
  if (tooLong) return fail(tooLong.field, tooLong.message);
  if (!looksLikeEmail(data.email)) return fail('email', AUTH_MESSAGES.invalidEmail);
  if (data.password !== data.confirmPassword) return fail('confirmPassword', AUTH_MESSAGES.passwordMismatch);
  if (data.password.length < PASSWORD_MIN_LENGTH) return fail('password', AUTH_MESSAGES.weakPassword);
  return { success: true, data };
}

export type ResetRequestValues = { email: string };
/** 'Recuperar Senha': e-mail required ('Email obrigatório') and well formed. */
export function checkResetRequest(raw: Raw<'email'>): RuleResult<ResetRequestValues> {
  const data = { email: normalizeEmail(str(raw.email)) };
  if (!data.email) return fail('email', AUTH_MESSAGES.resetEmailRequired);
  if (!looksLikeEmail(data.email)) return fail('email', AUTH_MESSAGES.invalidEmail);
  return { success: true, data };
}

export type NewPasswordValues = { password: string; confirmPassword: string };
/** 'Nova senha' on /auth?reset=true (not shown by the spec): the sign-up password rules. */
export function checkNewPassword(raw: Raw<keyof NewPasswordValues>): RuleResult<NewPasswordValues> {
  const data = { password: str(raw.password).trim(), confirmPassword: str(raw.confirmPassword).trim() };
  if (!data.password) return fail('password', AUTH_MESSAGES.signUpRequired);
  if (!data.confirmPassword) return fail('confirmPassword', AUTH_MESSAGES.signUpRequired);
  if (data.password !== data.confirmPassword) return fail('confirmPassword', AUTH_MESSAGES.passwordMismatch);
  if (data.password.length < PASSWORD_MIN_LENGTH) return fail('password', AUTH_MESSAGES.weakPassword);
  return { success: true, data };
}
