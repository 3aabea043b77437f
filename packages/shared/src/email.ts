
import { safeText } from './text.ts';

/** E-mails are trimmed and lower-cased everywhere they are written or compared. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

// Same shape the sign-in form has always accepted: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL_PATTERN.test(value);

export const emailSchema = (required: string, invalid: string) =>
  safeText({ error: required })
    .transform(normalizeEmail)
    .refine((v) => v.length > 0, { message: required })
    .refine((v) => v.length === 0 || looksLikeEmail(v), { message: invalid });
