// CNPJ schemas shared by the web form and the server. Browser-safe: no Node APIs.
// The zod-free helpers (format, check digits) live in cnpj-format.ts (decision 0749).
import { z } from 'zod';
import { isValidCnpj, normalizeCnpjInput, CNPJ_MESSAGES } from './cnpj-format.ts';
import { safeText } from './text.ts';

export { CNPJ_MESSAGES, cnpjHasLetters, formatCnpj, isValidCnpj, normalizeCnpjInput } from './cnpj-format.ts';

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
