// CNPJ helpers shared by the web form and the server. Browser-safe: no Node APIs.
// Supports the alphanumeric CNPJ (IN RFB 2.229/2024): 12 characters 0-9/A-Z, then 2 digits.
import {
  formatCnpj as libFormatCnpj,
  isValidCnpj as libIsValidCnpj,
} from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { safeText } from './text.ts';

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

/** Parses user input into the unmasked, upper-case, validated CNPJ. */
export const cnpjSchema = safeText()
  .transform(normalizeCnpjInput)
  .refine((v) => v.length === 14, { message: CNPJ_MESSAGES.length, abort: true })
  .refine(isValidCnpj, { message: CNPJ_MESSAGES.invalid });

/** The company record the lookup returns, whichever provider answered. */
export const normalizedCompanySchema = z.object({
  cnpj: z.string(),
  razao_social: z.string(),
  nome_fantasia: z.string().nullable(),
  /** Digits only: DDD + number. */
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  bairro: z.string().nullable(),
  municipio: z.string().nullable(),
  uf: z.string().nullable(),
  /** 8 digits. */
  cep: z.string().nullable(),
  /** Provider key: brasilapi, minhareceita, receitaws, cnpjws, cnpja. */
  api_used: z.string(),
  situacao: z.string().nullable(),
  /** `NNNN-N/NN - description`. */
  atividade_principal: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  data_abertura: z.string().nullable(),
});

export type NormalizedCompany = z.infer<typeof normalizedCompanySchema>;
