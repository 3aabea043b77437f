/**
 * Parties (decision 0126): the request and response contracts of
 * /api/parties — organizations and people, with the LGPD fields — and their pt-BR messages.
 * Browser-safe.
 */
import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { CNPJ_MESSAGES, isValidCnpj, normalizeCnpjInput } from '../cnpj.ts';
import { isValidCpf, onlyDigits } from '../cpf.ts';
import { looksLikeEmail, normalizeEmail } from '../email.ts';
import { isValidPhone } from '../phone.ts';
import { safeText } from '../text.ts';
import { isIsoDate } from './calendar.ts';

export const PARTIES_MESSAGES = {
  razaoSocialRequired: 'Informe a razão social.',
  nameRequired: 'Informe o nome.',
  tooLong: (label: string, max: number) => `${label}: no máximo ${max} caracteres.`,
  emailInvalid: 'E-mail inválido',
  phoneInvalid: 'Telefone inválido',
  cpfInvalid: 'CPF inválido',
  cepInvalid: 'CEP inválido: informe 8 dígitos.',
  ufInvalid: 'UF inválida: informe a sigla do estado (ex.: SP).',
  websiteInvalid: 'Site inválido: informe um endereço http:// ou https://.',
  dateInvalid: 'Data inválida: use AAAA-MM-DD.',
  legalBasisInvalid: 'Base legal inválida.',
  tooManyEmails: 'No máximo 10 e-mails por pessoa.',
  tooManyPhones: 'No máximo 10 telefones por pessoa.',
  organizationInvalid: 'Organização inválida.',
  organizationNotFound: 'Organização não encontrada.',
  personNotFound: 'Pessoa não encontrada.',
  cnpjTaken: 'Já existe uma organização com este CNPJ.',
  cpfTaken: 'Já existe uma pessoa com este CPF.',
  formatInvalid: 'Formato inválido: use json ou csv.',
  cursorInvalid: 'Cursor de paginação inválido.',
  queryTooLong: 'A busca pode ter no máximo 100 caracteres.',
  ownerInvalid: 'Responsável inválido.',
  ownerNotMember: 'O responsável precisa ser um membro da empresa.',
  tagInvalid: 'Etiqueta inválida: de 1 a 50 caracteres.',
  customFieldsInvalid: 'Campos personalizados inválidos.',
  tooManyTags: 'No máximo 20 etiquetas.',
  sortInvalid: 'Ordenação inválida.',
  filterInvalid: 'Filtro inválido.',
  listInvalid: 'Lista inválida.',
} as const;

/** LGPD art. 7: the legal bases personal data may be processed under, with pt-BR labels. */
export const LEGAL_BASES = {
  consentimento: 'Consentimento',
  legitimo_interesse: 'Legítimo interesse',
  execucao_contrato: 'Execução de contrato',
  obrigacao_legal: 'Obrigação legal',
  exercicio_direitos: 'Exercício regular de direitos',
  protecao_credito: 'Proteção do crédito',
  protecao_vida: 'Proteção da vida',
  tutela_saude: 'Tutela da saúde',
  politicas_publicas: 'Execução de políticas públicas',
  estudos_pesquisa: 'Estudos por órgão de pesquisa',
} as const;
export type LegalBasis = keyof typeof LEGAL_BASES;
const LEGAL_BASIS_KEYS = Object.keys(LEGAL_BASES) as [LegalBasis, ...LegalBasis[]];

export const PARTY_LIMITS = { name: 300, short: 200, notes: 10_000, emails: 10, phones: 10, query: 100, pageMax: 100, pageDefault: 50, tags: 20, tag: 50 } as const;

/** Optional single-line text: trimmed; '' and null clear it (null); undefined leaves it. */
const optionalText = (label: string, max: number = PARTY_LIMITS.short, opts: { multiline?: boolean } = {}) =>
  safeText(opts)
    .max(max * 4, PARTIES_MESSAGES.tooLong(label, max))
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, { message: PARTIES_MESSAGES.tooLong(label, max) })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const requiredText = (label: string, required: string, max: number) =>
  safeText({ error: required })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: required, abort: true })
    .refine((v) => v.length <= max, { message: PARTIES_MESSAGES.tooLong(label, max) });

const email = safeText({ error: PARTIES_MESSAGES.emailInvalid })
  .max(320, PARTIES_MESSAGES.emailInvalid)
  .transform(normalizeEmail)
  .refine(looksLikeEmail, { message: PARTIES_MESSAGES.emailInvalid });

const phone = safeText({ error: PARTIES_MESSAGES.phoneInvalid })
  .max(40, PARTIES_MESSAGES.phoneInvalid)
  .refine(isValidPhone, { message: PARTIES_MESSAGES.phoneInvalid })
  .transform(onlyDigits);

/** A field a request may leave out (unchanged), or clear with null or ''. */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable()).optional();

const optionalEmail = clearable(email);
const optionalPhone = clearable(phone);

const cnpj = safeText({ error: CNPJ_MESSAGES.invalid })
  .max(40, CNPJ_MESSAGES.length)
  .transform(normalizeCnpjInput)
  .refine((v) => v.length === 14, { message: CNPJ_MESSAGES.length, abort: true })
  .refine(isValidCnpj, { message: CNPJ_MESSAGES.invalid });
const optionalCnpj = clearable(cnpj);

const cpf = safeText({ error: PARTIES_MESSAGES.cpfInvalid })
  .max(20, PARTIES_MESSAGES.cpfInvalid)
  .refine(isValidCpf, { message: PARTIES_MESSAGES.cpfInvalid })
  .transform(onlyDigits);
const optionalCpf = clearable(cpf);

const cep = safeText({ error: PARTIES_MESSAGES.cepInvalid })
  .max(20, PARTIES_MESSAGES.cepInvalid)
  .transform(onlyDigits)
  .refine((v) => v.length === 8, { message: PARTIES_MESSAGES.cepInvalid });
const optionalCep = clearable(cep);

const uf = safeText({ error: PARTIES_MESSAGES.ufInvalid })
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v), { message: PARTIES_MESSAGES.ufInvalid });
const optionalUf = clearable(uf);

const website = safeText({ error: PARTIES_MESSAGES.websiteInvalid })
  .max(500, PARTIES_MESSAGES.tooLong('Site', 500))
  .transform((v) => v.trim())
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: PARTIES_MESSAGES.websiteInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const isoDate = safeText({ error: PARTIES_MESSAGES.dateInvalid }).refine(isIsoDate, { message: PARTIES_MESSAGES.dateInvalid });
const optionalDate = clearable(isoDate);

const uuid = z.string({ error: PARTIES_MESSAGES.organizationInvalid }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: PARTIES_MESSAGES.organizationInvalid });

/** Whether a path id can be an id at all (anything else is simply not found). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A CRM tag: trimmed, 1–50 characters, no control characters. */
export const tagSchema = safeText({ error: PARTIES_MESSAGES.tagInvalid })
  .transform((v) => v.trim())
  .refine((v) => v.length >= 1 && v.length <= PARTY_LIMITS.tag, { message: PARTIES_MESSAGES.tagInvalid });
export const tagsSchema = z
  .array(tagSchema, { error: PARTIES_MESSAGES.tagInvalid })
  .max(PARTY_LIMITS.tags, PARTIES_MESSAGES.tooManyTags)
  .transform((items) => [...new Set(items)]);
/** A member's user id (the CRM owner); the server checks membership. */
export const ownerIdSchema = safeText({ error: PARTIES_MESSAGES.ownerInvalid }).refine((v) => /^[A-Za-z0-9_-]{1,100}$/.test(v), { message: PARTIES_MESSAGES.ownerInvalid });

/** The CRM's owner and tags on people and organizations. */
const crmFields = {
  ownerId: clearable(ownerIdSchema),
  tags: tagsSchema.optional(),
  /** Values of the admin-defined custom fields by key (checked by the server against the definitions; null or '' clears one). */
  customFields: z.record(z.string().max(60, PARTIES_MESSAGES.customFieldsInvalid), z.unknown(), { error: PARTIES_MESSAGES.customFieldsInvalid }).optional(),
};

const organizationFields = {
  ...crmFields,
  nomeFantasia: optionalText('Nome fantasia', PARTY_LIMITS.name),
  cnpj: optionalCnpj,
  email: optionalEmail,
  phone: optionalPhone,
  website,
  logradouro: optionalText('Logradouro'),
  numero: optionalText('Número', 20),
  complemento: optionalText('Complemento'),
  bairro: optionalText('Bairro'),
  municipio: optionalText('Município'),
  uf: optionalUf,
  cep: optionalCep,
  notes: optionalText('Observações', PARTY_LIMITS.notes, { multiline: true }),
};

/** POST /api/parties/organizations */
export const organizationCreateSchema = z.strictObject({
  razaoSocial: requiredText('Razão social', PARTIES_MESSAGES.razaoSocialRequired, PARTY_LIMITS.name),
  ...organizationFields,
});
export type OrganizationCreate = z.input<typeof organizationCreateSchema>;

/** PATCH /api/parties/organizations/:id (a field left out is unchanged; null or '' clears it). */
export const organizationUpdateSchema = patchBody(
  z.strictObject({
    razaoSocial: requiredText('Razão social', PARTIES_MESSAGES.razaoSocialRequired, PARTY_LIMITS.name).optional(),
    ...organizationFields,
  }),
);
export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;

/** POST /api/parties/organizations/lookup: create (or find) the organization from the CNPJ lookup. */
export const organizationLookupSchema = z.strictObject({ cnpj });

const list = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z
    .array(item)
    .max(max, message)
    .transform((items) => [...new Set(items as string[])]);

const personFields = {
  ...crmFields,
  emails: list(email, PARTY_LIMITS.emails, PARTIES_MESSAGES.tooManyEmails).optional(),
  phones: list(phone, PARTY_LIMITS.phones, PARTIES_MESSAGES.tooManyPhones).optional(),
  cpf: optionalCpf,
  position: optionalText('Cargo'),
  /** Where the person is (decision 0405). */
  municipio: optionalText('Cidade'),
  uf: optionalUf,
  organizationId: clearable(uuid),
  notes: optionalText('Observações', PARTY_LIMITS.notes, { multiline: true }),
  legalBasis: clearable(z.enum(LEGAL_BASIS_KEYS, { error: PARTIES_MESSAGES.legalBasisInvalid })),
  legalBasisSource: optionalText('Origem da base legal'),
  legalBasisAt: optionalDate,
  emailOptOut: z.boolean().optional(),
  whatsappOptOut: z.boolean().optional(),
  emailBounced: z.boolean().optional(),
  suppressed: z.boolean().optional(),
};

/** POST /api/parties/people */
export const personCreateSchema = z.strictObject({
  name: requiredText('Nome', PARTIES_MESSAGES.nameRequired, PARTY_LIMITS.name),
  ...personFields,
});
export type PersonCreate = z.input<typeof personCreateSchema>;

/** PATCH /api/parties/people/:id */
export const personUpdateSchema = patchBody(
  z.strictObject({
    name: requiredText('Nome', PARTIES_MESSAGES.nameRequired, PARTY_LIMITS.name).optional(),
    ...personFields,
  }),
);
export type PersonUpdate = z.input<typeof personUpdateSchema>;

const filterDate = safeText({ error: PARTIES_MESSAGES.dateInvalid }).refine(isIsoDate, { message: PARTIES_MESSAGES.dateInvalid });
const flag = z.preprocess((v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : v), z.boolean({ error: PARTIES_MESSAGES.filterInvalid }));

/**
 * The contact filter (decision 0155): the lists' query filters, a saved segment's JSON and the
 * bulk actions' 'all matching' target. `q` searches names, e-mails, phones, CPF and CNPJ.
 */
export const contactFilterFields = {
  q: safeText()
    .max(PARTY_LIMITS.query, PARTIES_MESSAGES.queryTooLong)
    .transform((v) => v.trim())
    .optional(),
  organizationId: uuid.optional(),
  ownerId: ownerIdSchema.optional(),
  /** Contacts without an owner. */
  noOwner: flag.optional(),
  tag: tagSchema.optional(),
  hasEmail: flag.optional(),
  legalBasis: z.enum(LEGAL_BASIS_KEYS, { error: PARTIES_MESSAGES.legalBasisInvalid }).optional(),
  createdFrom: filterDate.optional(),
  createdTo: filterDate.optional(),
  /** Members of a CRM list (crm_lists). */
  listId: z.string({ error: PARTIES_MESSAGES.listInvalid }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: PARTIES_MESSAGES.listInvalid }).optional(),
};
export const contactFilterSchema = z.strictObject(contactFilterFields);
export type ContactFilter = z.output<typeof contactFilterSchema>;

export const PARTY_SORTS = ['name', 'created'] as const;
export type PartySort = (typeof PARTY_SORTS)[number];

/** GET lists: the filter, a sort (name or creation, either direction), paged by an opaque cursor. */
export const partyListQuerySchema = z.object({
  ...contactFilterFields,
  sort: z.enum(PARTY_SORTS, { error: PARTIES_MESSAGES.sortInvalid }).default('name'),
  dir: z.enum(['asc', 'desc'], { error: PARTIES_MESSAGES.sortInvalid }).default('asc'),
  cursor: safeText().max(600, PARTIES_MESSAGES.cursorInvalid).optional(),
  limit: z.coerce.number({ error: 'Limite inválido' }).int('Limite inválido').min(1, 'Limite inválido').max(PARTY_LIMITS.pageMax, 'Limite inválido').default(PARTY_LIMITS.pageDefault),
});
export type PartyListQuery = z.input<typeof partyListQuerySchema>;

/** GET /api/parties/people/:id/export?format=json|csv */
export const personExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: PARTIES_MESSAGES.formatInvalid }).default('json'),
});

// ---- Responses (the routes' contracts; the types are derived from them) ----
const text = z.string().nullable();
export const organizationSchema = z.object({
  id: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: text,
  cnpj: text,
  email: text,
  phone: text,
  website: text,
  logradouro: text,
  numero: text,
  complemento: text,
  bairro: text,
  municipio: text,
  uf: text,
  cep: text,
  ownerId: text,
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  notes: text,
  createdBy: text,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  cpf: text,
  position: text,
  municipio: text,
  uf: text,
  organizationId: text,
  organization: z.object({ id: z.string(), razaoSocial: z.string(), nomeFantasia: text }).nullable(),
  ownerId: text,
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  notes: text,
  legalBasis: z.enum(Object.keys(LEGAL_BASES) as [LegalBasis, ...LegalBasis[]]).nullable(),
  legalBasisSource: text,
  legalBasisAt: text,
  emailOptOut: z.boolean(),
  whatsappOptOut: z.boolean(),
  emailBounced: z.boolean(),
  suppressed: z.boolean(),
  createdBy: text,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

const partyPageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type PartyPage<T> = { items: T[]; nextCursor: string | null };
export const organizationPageSchema = partyPageSchema(organizationSchema);
export const personPageSchema = partyPageSchema(personSchema);
/** POST /organizations/lookup: the organization of a CNPJ, found in the company or created (201). */
export const organizationLookupResultSchema = z.object({ organization: organizationSchema, created: z.boolean() });
export const personErasedSchema = z.object({ erased: z.literal(true), suppressedContacts: z.number() });

/** What GET /api/parties/people/:id/export?format=json holds (LGPD art. 18, II). */
export type PersonExport = {
  exportedAt: string;
  company: { id: string; name: string };
  person: Person;
  organization: Organization | null;
  legalBasisLabel: string | null;
  /** What each area holds about the person (its key → its part), e.g. `crm`: the person's deals. */
  areas: Record<string, unknown>;
};
