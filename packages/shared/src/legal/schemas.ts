import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { isValidCnpj } from '../cnpj.ts';
import { safeText } from '../text.ts';
import { analysisViewSchema, type AnalysisView } from '../analysis/schemas.ts';

/** Jurídico (decisions 0212, 0213): the contract register and the contract analysis' result. */

export const READJUSTMENT_INDEXES = ['igpm', 'ipca', 'inpc', 'igpdi', 'incc', 'nenhum', 'outro'] as const;
export type ReadjustmentIndex = (typeof READJUSTMENT_INDEXES)[number];
export const READJUSTMENT_LABELS: Record<ReadjustmentIndex, string> = {
  igpm: 'IGP-M',
  ipca: 'IPCA',
  inpc: 'INPC',
  igpdi: 'IGP-DI',
  incc: 'INCC',
  nenhum: 'Nenhum',
  outro: 'Outro',
};

export const CONTRACT_STATUSES = ['negotiation', 'active', 'ended', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  negotiation: 'Em negociação',
  active: 'Vigente',
  ended: 'Encerrado',
  terminated: 'Rescindido',
};

/** Expiry alerts go out this many days before the end (decision 0214). */
export const EXPIRY_ALERT_DAYS = [30, 15, 7] as const;

export const LEGAL_MESSAGES = {
  id: 'Identificador inválido.',
  title: 'Informe o título do contrato.',
  titleTooLong: 'O título pode ter no máximo 160 caracteres.',
  object: 'O objeto pode ter no máximo 2.000 caracteres.',
  value: 'Valor inválido: informe um valor entre R$ 0,00 e R$ 1 bilhão.',
  date: 'Data inválida: use uma data entre 2000 e 2100.',
  endBeforeStart: 'O término não pode ser antes do início.',
  notice: 'Aviso prévio inválido: de 0 a 3.650 dias.',
  index: 'Índice de reajuste inválido.',
  status: 'Situação inválida.',
  cnpj: 'CNPJ inválido: confira os dígitos.',
  counterparty: 'Informe a outra parte: um CNPJ válido ou uma pessoa cadastrada.',
  contractNotFound: 'Contrato não encontrado.',
  analysisNotFound: 'Análise não encontrada.',
  personNotFound: 'Pessoa não encontrada.',
  fileNotFound: 'Arquivo não encontrado neste contrato.',
  analysisNotDone: 'Esta análise ainda não terminou.',
} as const;

export const idSchema = z.uuid({ error: LEGAL_MESSAGES.id });
const isoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2000-01-01' && v <= '2100-12-31' && !Number.isNaN(Date.parse(v));
const dateField = z
  .string({ error: LEGAL_MESSAGES.date })
  .refine(isoDate, { message: LEGAL_MESSAGES.date })
  .nullish()
  .transform((v) => v ?? null);
const cnpjField = z
  .string({ error: LEGAL_MESSAGES.cnpj })
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length === 14 && isValidCnpj(v), { message: LEGAL_MESSAGES.cnpj });

const contractFields = {
  title: safeText({ error: LEGAL_MESSAGES.title })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, LEGAL_MESSAGES.title).max(160, LEGAL_MESSAGES.titleTooLong)),
  object: safeText({ multiline: true })
    .max(2000, LEGAL_MESSAGES.object)
    .nullish()
    .transform((v) => v?.trim() || null),
  valueCents: z
    .number({ error: LEGAL_MESSAGES.value })
    .int(LEGAL_MESSAGES.value)
    .min(0, LEGAL_MESSAGES.value)
    .max(100_000_000_000, LEGAL_MESSAGES.value)
    .nullish()
    .transform((v) => v ?? null),
  startDate: dateField,
  endDate: dateField,
  automaticRenewal: z.boolean().default(false),
  noticePeriodDays: z
    .number({ error: LEGAL_MESSAGES.notice })
    .int(LEGAL_MESSAGES.notice)
    .min(0, LEGAL_MESSAGES.notice)
    .max(3650, LEGAL_MESSAGES.notice)
    .nullish()
    .transform((v) => v ?? null),
  readjustmentIndex: z.enum(READJUSTMENT_INDEXES, { error: LEGAL_MESSAGES.index }).default('nenhum'),
  status: z.enum(CONTRACT_STATUSES, { error: LEGAL_MESSAGES.status }).default('negotiation'),
};

/** The other party: an organization by CNPJ (found or created, filled by the CNPJ lookup) or a registered person. */
export const counterpartySchema = z.discriminatedUnion(
  'type',
  [z.object({ type: z.literal('organization'), cnpj: cnpjField }), z.object({ type: z.literal('person'), personId: idSchema })],
  { error: LEGAL_MESSAGES.counterparty },
);

const endAfterStart = (v: { startDate?: string | null; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

export const contractCreateSchema = z
  .object({ ...contractFields, counterparty: counterpartySchema.nullish().transform((v) => v ?? null) })
  .refine(endAfterStart, { message: LEGAL_MESSAGES.endBeforeStart, path: ['endDate'] });
export type ContractCreate = z.input<typeof contractCreateSchema>;

export const contractUpdateSchema = patchBody(z
  .object({
    title: contractFields.title.optional(),
    object: contractFields.object.optional(),
    valueCents: contractFields.valueCents.optional(),
    startDate: contractFields.startDate.optional(),
    endDate: contractFields.endDate.optional(),
    automaticRenewal: z.boolean().optional(),
    noticePeriodDays: contractFields.noticePeriodDays.optional(),
    readjustmentIndex: z.enum(READJUSTMENT_INDEXES, { error: LEGAL_MESSAGES.index }).optional(),
    status: z.enum(CONTRACT_STATUSES, { error: LEGAL_MESSAGES.status }).optional(),
    counterparty: counterpartySchema.nullish(),
  })
  .refine(endAfterStart, { message: LEGAL_MESSAGES.endBeforeStart, path: ['endDate'] }));
export type ContractUpdate = z.input<typeof contractUpdateSchema>;

export const contractListQuerySchema = z.object({
  q: safeText().max(100).optional(),
  status: z.enum(CONTRACT_STATUSES, { error: LEGAL_MESSAGES.status }).optional(),
  /** Only contracts ending within this many days (from today). */
  endingWithinDays: z.coerce.number().int().min(1).max(3650).optional(),
});

export const startAnalysisSchema = z.object({ fileId: idSchema });
export const compareQuerySchema = z.object({ a: idSchema, b: idSchema });

export const counterpartyViewSchema = z.object({ type: z.enum(['organization', 'person']), id: z.string(), name: z.string(), document: z.string().nullable() });
export type Counterparty = z.infer<typeof counterpartyViewSchema>;

export const contractViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  object: z.string().nullable(),
  valueCents: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  automaticRenewal: z.boolean(),
  noticePeriodDays: z.number().nullable(),
  readjustmentIndex: z.enum(READJUSTMENT_INDEXES),
  status: z.enum(CONTRACT_STATUSES),
  counterparty: counterpartyViewSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractView = z.infer<typeof contractViewSchema>;
export const contractListSchema = z.object({ contracts: z.array(contractViewSchema) });

/* ---------- The contract analysis (ai.contract_analysis) ---------- */

export const RISK_TOPICS = ['multa', 'foro', 'rescisao', 'exclusividade', 'responsabilidade', 'lgpd', 'reajuste', 'renovacao_automatica', 'outro'] as const;
export type RiskTopic = (typeof RISK_TOPICS)[number];
export const RISK_TOPIC_LABELS: Record<RiskTopic, string> = {
  multa: 'Multa',
  foro: 'Foro',
  rescisao: 'Rescisão',
  exclusividade: 'Exclusividade',
  responsabilidade: 'Responsabilidade',
  lgpd: 'LGPD e dados pessoais',
  reajuste: 'Reajuste',
  renovacao_automatica: 'Renovação automática',
  outro: 'Outro',
};
export const SEVERITIES = ['alta', 'media', 'baixa'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS: Record<Severity, string> = { alta: 'Alta', media: 'Média', baixa: 'Baixa' };

/**
 * What the model answers (strict JSON schema: every field present, null when absent). Dates
 * AAAA-MM-DD, money in integer cents; quotes are verbatim excerpts of the contract.
 */
export const contractAnalysisSchema = z.object({
  summary: z.string(),
  parties: z.array(z.object({ name: z.string(), role: z.string(), document: z.string().nullable() })),
  obligations: z.array(z.object({ party: z.string(), items: z.array(z.string()) })),
  keyDates: z.array(z.object({ label: z.string(), date: z.string().nullable(), quote: z.string().nullable() })),
  amounts: z.array(z.object({ label: z.string(), amountCents: z.number().int().nullable(), quote: z.string().nullable() })),
  fields: z.object({
    object: z.string().nullable(),
    valueCents: z.number().int().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    automaticRenewal: z.boolean().nullable(),
    noticePeriodDays: z.number().int().nullable(),
    readjustmentIndex: z.enum(READJUSTMENT_INDEXES).nullable(),
  }),
  riskyClauses: z.array(
    z.object({
      topic: z.enum(RISK_TOPICS),
      severity: z.enum(SEVERITIES),
      title: z.string(),
      why: z.string(),
      quote: z.string(),
      location: z.string().nullable(),
    }),
  ),
  missingClauses: z.array(z.object({ topic: z.string(), why: z.string() })),
  suggestions: z.array(z.object({ clause: z.string(), wording: z.string() })),
});
export type ContractAnalysisAnswer = z.output<typeof contractAnalysisSchema>;

/** The stored result: the answer, cleaned, with each quote's place in the source found by the server. */
export const contractAnalysisResultSchema = contractAnalysisSchema.extend({
  riskyClauses: z.array(contractAnalysisSchema.shape.riskyClauses.element.extend({ page: z.number().nullable(), found: z.boolean() })),
  source: z.object({ format: z.string(), pages: z.number().nullable(), characters: z.number() }),
  promptId: z.string(),
});
export type ContractAnalysisResult = z.infer<typeof contractAnalysisResultSchema>;
export const contractAnalysisViewSchema = analysisViewSchema(contractAnalysisResultSchema);
export type ContractAnalysisView = AnalysisView<ContractAnalysisResult>;
export const contractAnalysisListSchema = z.object({ analyses: z.array(contractAnalysisViewSchema) });

/** The fields of a done analysis the person chose to copy into the register. */
export const applyAnalysisSchema = z.object({
  fields: z.array(z.enum(['object', 'valueCents', 'startDate', 'endDate', 'automaticRenewal', 'noticePeriodDays', 'readjustmentIndex'])).min(1, 'Escolha ao menos um campo.'),
});
