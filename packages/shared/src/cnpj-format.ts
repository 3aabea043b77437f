// CNPJ formatting and check digits, shared by the web and the server. Browser-safe and free of
// zod: what formats a CNPJ for a page (format.ts, the shell) does not download the schema library
// (decision 0749); the schemas are in cnpj.ts, which re-exports these.
// Supports the alphanumeric CNPJ (IN RFB 2.229/2024): 12 characters 0-9/A-Z, then 2 digits.
import {
  formatCnpj as libFormatCnpj,
  isValidCnpj as libIsValidCnpj,
} from '@brazilian-utils/brazilian-utils';

export const CNPJ_MESSAGES = {
  length: 'O CNPJ deve ter exatamente 14 dígitos',
  invalid: 'CNPJ inválido',
} as const;

const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Strips the mask characters (`.`, `/`, `-`, whitespace) and upper-cases. */
export function normalizeCnpjInput(value: string): string {
  return value.replace(/[./\-\s]/g, '').toUpperCase();
}

/** Check digits per the official rule (version 2 accepts numeric and alphanumeric). */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpjInput(value);
  return CNPJ_SHAPE.test(cnpj) && libIsValidCnpj(cnpj, { version: 2 });
}

/** `XX.XXX.XXX/XXXX-DD`, letters kept (never the v1 default: it strips letters). */
export function formatCnpj(value: string): string {
  return libFormatCnpj(normalizeCnpjInput(value), { version: 2 });
}

export function cnpjHasLetters(value: string): boolean {
  return /[A-Z]/.test(normalizeCnpjInput(value));
}
