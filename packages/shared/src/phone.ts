import { onlyDigits } from './cpf.ts';

/** Phone rules of spec §5/§9: optional, 10 (landline) or 11 (mobile) digits with the area code. */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 11;
/** Mask (99) 9999-9999 up to 10 digits, else (99) 99999-9999 (react-imask dynamic masks). */
export const PHONE_MASKS = ['(00) 0000-0000', '(00) 00000-0000'] as const;

export function isValidPhone(value: string): boolean {
  if (/[^\d()\-\s+]/.test(value)) return false;
  const digits = onlyDigits(value);
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS;
}

/** 1134567890 → (11) 3456-7890; 11934567890 → (11) 93456-7890. */
export function formatPhone(value: string): string {
  const d = onlyDigits(value).slice(0, PHONE_MAX_DIGITS);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const local = d.slice(2);
  const split = d.length <= PHONE_MIN_DIGITS ? 4 : 5;
  if (local.length <= split) return `(${d.slice(0, 2)}) ${local}`;
  return `(${d.slice(0, 2)}) ${local.slice(0, split)}-${local.slice(split)}`;
}
