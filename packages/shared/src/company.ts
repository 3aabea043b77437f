// Company linking (spec §3–§5, §8): the setup form, the creation payload, enrichment and the
// company profile edit form. Browser-safe: the web form and the server parse with these.
import { z } from 'zod';
import { cnpjSchema, type NormalizedCompany } from './cnpj.ts';
import { looksLikeEmail, normalizeEmail } from './email.ts';
import { safeText } from './text.ts';

/** Company setup messages of spec §8, plus the server's refusals. */
export const COMPANY_MESSAGES = {
  oauthError: 'Erro ao conectar com Google',
  oauthErrorDescription: 'Tente novamente',
  accessDenied: 'Acesso negado',
  accessDeniedDescription: 'Você cancelou a autorização do Google.',
  oauthSuccess: 'Conta Google conectada',
  oauthSuccessDescription: 'Confira seus dados e vincule sua empresa pelo CNPJ.',
  cnpjInvalid: 'CNPJ inválido',
  searchError: 'Erro na busca',
  searchErrorDescription: 'Não foi possível buscar os dados da empresa',
  notFound: 'Empresa não encontrada',
  notFoundDescription: 'Verifique o CNPJ e tente novamente',
  notSelected: 'Empresa não selecionada',
  whatsappRequired: 'WhatsApp obrigatório',
  whatsappInvalid: 'WhatsApp inválido: informe DDD e número',
  emailRequired: 'Email profissional obrigatório',
  emailInvalid: 'Formato de email inválido',
  invalidSession: 'Sessão inválida',
  createError: 'Erro ao cadastrar empresa',
  createErrorDescription: 'Tente novamente em alguns instantes',
  unexpected: 'Erro inesperado',
  success: 'Empresa cadastrada com sucesso!',
  googleTitle: 'Bem-vindo! Vamos configurar sua empresa',
  cnpjTaken:
    'Este CNPJ já está cadastrado no Sede. Peça ao administrador dessa empresa um convite para entrar na equipe.',
  alreadyMember: 'Você já faz parte de uma empresa. Para vincular outra, saia da empresa atual primeiro.',
  nameRequired: 'Nome da empresa obrigatório',
  phoneInvalid: 'Telefone inválido',
  ufInvalid: 'UF inválida',
  cepInvalid: 'CEP inválido',
  updated: 'Dados da empresa atualizados',
  refreshed: 'Dados atualizados pela Receita Federal',
} as const;

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** (11) 3040-5060 / (11) 98765-4321; anything else is returned as it came. */
export function formatPhone(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return value ?? '';
}

/** 01310-100; anything else is returned as it came. */
export function formatCep(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (value ?? '');
}

/** Body of `POST /api/cnpj/lookup` (the fetch-cnpj-data call). */
export const cnpjLookupSchema = z.object({ cnpj: safeText({ error: 'O CNPJ deve ter exatamente 14 dígitos' }).pipe(cnpjSchema) });
export type CnpjLookupInput = z.input<typeof cnpjLookupSchema>;

const whatsappSchema = safeText({ error: COMPANY_MESSAGES.whatsappRequired })
  .transform(onlyDigits)
  .refine((v) => v.length > 0, { message: COMPANY_MESSAGES.whatsappRequired, abort: true })
  .refine((v) => v.length === 10 || v.length === 11, { message: COMPANY_MESSAGES.whatsappInvalid });

const professionalEmailSchema = safeText({ error: COMPANY_MESSAGES.emailRequired })
  .transform(normalizeEmail)
  .refine((v) => v.length > 0, { message: COMPANY_MESSAGES.emailRequired, abort: true })
  .refine(looksLikeEmail, { message: COMPANY_MESSAGES.emailInvalid });

/** Body of `POST /api/companies`: the server looks the CNPJ up itself and builds the row. */
export const createCompanySchema = z.object({
  cnpj: safeText({ error: 'O CNPJ deve ter exatamente 14 dígitos' }).pipe(cnpjSchema),
  whatsapp: whatsappSchema,
  email: professionalEmailSchema,
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export type CreateCompanyData = z.output<typeof createCompanySchema>;

/** `street, number, district`, skipping the parts the registry left empty. */
export function joinAddress(parts: Array<string | null | undefined>): string | null {
  const joined = parts.map((p) => p?.trim()).filter(Boolean).join(', ');
  return joined || null;
}

/** The company row of spec §3 built from a lookup and the person's contact details. */
export function buildCompanyCreation(record: NormalizedCompany, contact: { whatsapp: string; email: string }) {
  return {
    name: record.nome_fantasia?.trim() || record.razao_social,
    cnpj: record.cnpj,
    phone: contact.whatsapp,
    email: contact.email,
    address: joinAddress([record.logradouro, record.numero, record.bairro]),
    city: record.municipio,
    state: record.uf,
    cep: record.cep,
    fantasia: record.nome_fantasia?.trim() || null,
    situacao: record.situacao,
    atividade_principal: record.atividade_principal,
    data_abertura: record.data_abertura,
  };
}

type EnrichableCompany = {
  name: string;
  cnpj: string | null;
  fantasia: string | null;
  situacao?: string | null;
  atividade_principal: string | null;
  data_abertura?: string | null;
};

/** Enrichment runs for a company with a CNPJ that lacks its trade name or main activity. */
export const needsEnrichment = (c: EnrichableCompany) => Boolean(c.cnpj) && (!c.fantasia || !c.atividade_principal);

/**
 * The fields enrichment fills (spec §4): only what is missing. A trade name already there is
 * never replaced; without one in the answer, the company's name stands in. Null: nothing to save.
 */
export function enrichmentPatch(c: EnrichableCompany, record: NormalizedCompany) {
  if (!needsEnrichment(c)) return null;
  const patch: { fantasia?: string; atividade_principal?: string; situacao?: string; data_abertura?: string } = {};
  if (!c.fantasia) patch.fantasia = record.nome_fantasia?.trim() || c.name;
  if (!c.atividade_principal && record.atividade_principal) patch.atividade_principal = record.atividade_principal;
  if (!c.situacao && record.situacao) patch.situacao = record.situacao;
  if (!c.data_abertura && record.data_abertura) patch.data_abertura = record.data_abertura;
  return Object.keys(patch).length ? patch : null;
}

export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI',
  'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** Trimmed text; an empty field is stored as null. */
const optionalText = (max: number) =>
  safeText()
    .max(max, `Use no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v?.trim() || null);

/**
 * An optional masked number (phone, CEP): empty or blank is null; anything else must be made of
 * the mask's characters and have the right digits, and is stored as digits.
 */
const optionalMasked = (shape: RegExp, digitsOk: (digits: string) => boolean, message: string) =>
  safeText()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || (shape.test(v) && digitsOk(onlyDigits(v))), { message })
    .transform((v) => (v === null ? null : onlyDigits(v)));

/** Body of `PATCH /api/companies/current` (the company profile form; the CNPJ never changes). */
export const updateCompanySchema = z.object({
  name: safeText({ error: COMPANY_MESSAGES.nameRequired })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: COMPANY_MESSAGES.nameRequired, abort: true })
    .refine((v) => v.length <= 200, { message: 'Use no máximo 200 caracteres' }),
  fantasia: optionalText(200),
  // A value that is not a phone is refused, never stored as "no phone" (only an empty field clears it).
  phone: optionalMasked(/^[\d\s().+-]*$/, (d) => d.length === 10 || d.length === 11, COMPANY_MESSAGES.phoneInvalid),
  email: safeText()
    .nullish()
    .transform((v) => (v ? normalizeEmail(v) : '') || null)
    .refine((v) => v === null || looksLikeEmail(v), { message: COMPANY_MESSAGES.emailInvalid }),
  address: optionalText(300),
  city: optionalText(120),
  state: safeText()
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || null)
    .refine((v) => v === null || (UFS as readonly string[]).includes(v), { message: COMPANY_MESSAGES.ufInvalid }),
  cep: optionalMasked(/^[\d\s.-]*$/, (d) => d.length === 8, COMPANY_MESSAGES.cepInvalid),
});
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;
export type UpdateCompanyData = z.output<typeof updateCompanySchema>;

/** The company as the API answers it (creation, profile, edit). */
export const companyDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  cnpj: z.string(),
  fantasia: z.string().nullable(),
  situacao: z.string().nullable(),
  atividade_principal: z.string().nullable(),
  data_abertura: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  cep: z.string().nullable(),
  currency_amount: z.number(),
  subscription_status: z.string(),
  trial_ends_at: z.string().nullable(),
  onboarding_completed: z.boolean(),
  plan_type: z.string().nullable(),
  created_at: z.string(),
  /** Legal name from the last registry lookup, when one is cached. */
  razao_social: z.string().nullable(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;
/** What /api/companies answers: `{ company }`. */
export const companyAnswerSchema = z.object({ company: companyDetailsSchema });

/** Answer of the lookup: the normalized record (cnpj.ts) as the server sends it. */
export type { NormalizedCompany as CompanyLookupResult } from './cnpj.ts';
