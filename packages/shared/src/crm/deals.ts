import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { hasControlCharacters, safeText } from '../text.ts';
import { DEAL_STATUS_FILTERS } from './board-filters.ts';

/**
 * The CRM board (decisions 0150–0154): pipelines, stages, deals and custom fields. Request
 * schemas shared by the web's forms and the server (`/api/crm`), pt-BR messages, response types.
 */

export const DEALS_MESSAGES = {
  titleRequired: 'Informe o título do negócio.',
  titleTooLong: 'O título pode ter no máximo 200 caracteres.',
  valueInvalid: 'Informe um valor entre R$ 0,00 e R$ 1.000.000.000.000,00, em centavos inteiros.',
  idInvalid: 'Identificador inválido.',
  pipelineRequired: 'Escolha o funil.',
  pipelineNotFound: 'Funil não encontrado.',
  pipelineNameRequired: 'Informe o nome do funil.',
  pipelineNameTooLong: 'O nome do funil pode ter no máximo 80 caracteres.',
  pipelineHasDeals: 'Este funil tem negócios. Mova ou exclua os negócios antes de excluir o funil.',
  lastPipeline: 'A empresa precisa de ao menos um funil.',
  stageNotFound: 'Etapa não encontrada.',
  stageOtherPipeline: 'A etapa escolhida é de outro funil. Escolha uma etapa deste funil.',
  stageNameRequired: 'Informe o nome da etapa.',
  stageNameTooLong: 'O nome da etapa pode ter no máximo 60 caracteres.',
  probabilityInvalid: 'A probabilidade deve ser um número inteiro entre 0 e 100.',
  stageOrderInvalid: 'Envie todas as etapas do funil, cada uma uma vez, na nova ordem.',
  lastStage: 'O funil precisa de ao menos uma etapa.',
  moveToRequired: 'Escolha para qual etapa mover os negócios desta etapa.',
  moveToSameStage: 'Escolha uma etapa diferente da que será excluída.',
  tooManyStages: 'Um funil pode ter no máximo 30 etapas.',
  dealNotFound: 'Negócio não encontrado.',
  dealClosed: 'Este negócio já foi encerrado. Reabra-o antes de movê-lo.',
  dealNotClosed: 'Este negócio está em aberto.',
  neighbourInvalid: 'A posição de destino mudou. Atualize o quadro e tente de novo.',
  ownerInvalid: 'O responsável precisa ser membro da empresa.',
  organizationInvalid: 'Organização não encontrada.',
  personInvalid: 'Pessoa não encontrada.',
  sourceTooLong: 'A origem pode ter no máximo 80 caracteres.',
  dateInvalid: 'Data inválida: use o formato AAAA-MM-DD.',
  tagInvalid: 'Cada etiqueta pode ter de 1 a 40 caracteres.',
  tooManyTags: 'Um negócio pode ter no máximo 20 etiquetas.',
  lostReasonRequired: 'Escolha o motivo da perda.',
  lostNoteTooLong: 'O detalhe do motivo pode ter no máximo 500 caracteres.',
  lostNoteRequired: 'Descreva o motivo da perda.',
  wonReasonRequired: 'Escolha o motivo do ganho.',
  wonNoteTooLong: 'O detalhe do motivo pode ter no máximo 500 caracteres.',
  wonNoteRequired: 'Descreva o motivo do ganho.',
  tooManyContacts: 'Um negócio pode ter no máximo 10 contatos.',
  statusInvalid: 'Situação inválida: use abertos, ganhos, perdidos ou todos.',
  cursorInvalid: 'Página inválida. Recarregue a lista.',
  limitInvalid: 'O tamanho da página deve ser entre 1 e 100.',
  queryTooLong: 'A busca pode ter no máximo 100 caracteres.',
  fieldLabelRequired: 'Informe o nome do campo.',
  fieldLabelTooLong: 'O nome do campo pode ter no máximo 60 caracteres.',
  fieldTypeInvalid: 'Tipo de campo inválido.',
  fieldEntityInvalid: 'Escolha onde o campo aparece: negócio, pessoa ou organização.',
  fieldOptionsRequired: 'Um campo de seleção precisa de ao menos uma opção.',
  fieldOptionsInvalid: 'Cada opção pode ter de 1 a 60 caracteres, no máximo 50 opções, sem repetir.',
  fieldNotFound: 'Campo personalizado não encontrado.',
  tooManyFields: 'No máximo 50 campos personalizados por tipo de registro.',
  customFieldsInvalid: 'Campos personalizados inválidos.',
} as const;

export const MAX_TITLE = 200;
/** R$ 1 trilhão, in cents: any real deal fits; 10^15 does not (bad input). */
export const MAX_VALUE_CENTS = 100_000_000_000_000;
export const MAX_STAGES = 30;
export const MAX_CUSTOM_FIELDS = 50;

/** A new company's first pipeline (decision 0150): Brazilian sales stages and their win probability. */
export const DEFAULT_PIPELINE_NAME = 'Funil de vendas';
export const DEFAULT_STAGES: ReadonlyArray<{ name: string; probability: number }> = [
  { name: 'Prospecção', probability: 10 },
  { name: 'Qualificação', probability: 25 },
  { name: 'Proposta', probability: 50 },
  { name: 'Negociação', probability: 75 },
  { name: 'Fechamento', probability: 90 },
];

/** Why deals are lost (decision 0152): a fixed list, so metrics can group them, plus 'Outro' with free text. */
export const LOST_REASONS = ['Preço', 'Escolheu um concorrente', 'Sem orçamento', 'Sem resposta do cliente', 'Momento inadequado', 'Não atende à necessidade', 'Outro'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/** Why deals are won (decision 0403): a fixed list as for lost ones, plus 'Outro' with free text. */
export const WON_REASONS = ['Preço competitivo', 'Qualidade do produto ou serviço', 'Atendimento e relacionamento', 'Indicação', 'Prazo de entrega', 'Condições de pagamento', 'Outro'] as const;
export type WonReason = (typeof WON_REASONS)[number];

export { DEAL_STATUS_FILTER_LABELS, DEAL_STATUS_FILTERS, type DealStatusFilter } from './board-filters.ts';

/** Suggested sources (free text accepted). */
export const DEAL_SOURCES = ['Indicação', 'Site', 'Prospecção ativa', 'Redes sociais', 'Evento', 'Campanha de e-mail', 'WhatsApp', 'Parceiro'] as const;

export const CUSTOM_FIELD_ENTITIES = ['deal', 'person', 'organization'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];
export const CUSTOM_FIELD_ENTITY_LABELS: Record<CustomFieldEntity, string> = { deal: 'Negócio', person: 'Pessoa', organization: 'Organização' };
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'money', 'date', 'select', 'boolean'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Texto',
  number: 'Número',
  money: 'Valor (R$)',
  date: 'Data',
  select: 'Seleção',
  boolean: 'Sim/não',
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID_RE.test(v);
const uuid = (message: string = DEALS_MESSAGES.idInvalid) => z.string({ error: message }).regex(UUID_RE, { message });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
const isoDate = safeText({ error: DEALS_MESSAGES.dateInvalid }).refine(isIsoDate, { message: DEALS_MESSAGES.dateInvalid });

const title = safeText({ error: DEALS_MESSAGES.titleRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, DEALS_MESSAGES.titleRequired).max(MAX_TITLE, DEALS_MESSAGES.titleTooLong));
const valueCents = z
  .number({ error: DEALS_MESSAGES.valueInvalid })
  .int({ message: DEALS_MESSAGES.valueInvalid })
  .min(0, DEALS_MESSAGES.valueInvalid)
  .max(MAX_VALUE_CENTS, DEALS_MESSAGES.valueInvalid);
const source = safeText()
  .transform((v) => v.trim())
  .pipe(z.string().max(80, DEALS_MESSAGES.sourceTooLong));
const tag = safeText({ error: DEALS_MESSAGES.tagInvalid })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, DEALS_MESSAGES.tagInvalid).max(40, DEALS_MESSAGES.tagInvalid));
const tags = z
  .array(tag, { error: DEALS_MESSAGES.tagInvalid })
  .max(20, DEALS_MESSAGES.tooManyTags)
  .transform((list) => [...new Set(list)]);
/** Values by field key; checked against the company's definitions on the server (`checkCustomFields`). */
const customFieldValues = z.record(z.string().max(60), z.unknown(), { error: DEALS_MESSAGES.customFieldsInvalid });
const ownerId = z.string({ error: DEALS_MESSAGES.ownerInvalid }).min(1, DEALS_MESSAGES.ownerInvalid).max(100, DEALS_MESSAGES.ownerInvalid);

/** Empty string or null clears an optional field. */
const clearable = <S extends z.ZodType>(s: S) => z.union([z.literal('').transform(() => null), z.null(), s]);
/** A deal's contacts in order (decision 0404): the first is the main one; repeats dropped. */
const personIds = z
  .array(uuid(DEALS_MESSAGES.personInvalid), { error: DEALS_MESSAGES.personInvalid })
  .max(10, DEALS_MESSAGES.tooManyContacts)
  .transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]);

export const dealCreateSchema = z.object({
  title,
  valueCents: valueCents.default(0),
  pipelineId: uuid(DEALS_MESSAGES.pipelineRequired),
  /** Default: the pipeline's first stage. */
  stageId: uuid(DEALS_MESSAGES.stageNotFound).optional(),
  ownerId: clearable(ownerId).optional(),
  organizationId: clearable(uuid(DEALS_MESSAGES.organizationInvalid)).optional(),
  personId: clearable(uuid(DEALS_MESSAGES.personInvalid)).optional(),
  /** Replaces `personId` when given: every contact, the main one first. */
  personIds: personIds.optional(),
  source: clearable(source).optional(),
  expectedCloseDate: clearable(isoDate).optional(),
  tags: tags.optional(),
  customFields: customFieldValues.optional(),
});
export type DealCreateInput = z.input<typeof dealCreateSchema>;

export const dealUpdateSchema = patchBody(z.object({
  title: title.optional(),
  valueCents: valueCents.optional(),
  ownerId: clearable(ownerId).optional(),
  organizationId: clearable(uuid(DEALS_MESSAGES.organizationInvalid)).optional(),
  personId: clearable(uuid(DEALS_MESSAGES.personInvalid)).optional(),
  personIds: personIds.optional(),
  source: clearable(source).optional(),
  expectedCloseDate: clearable(isoDate).optional(),
  tags: tags.optional(),
  customFields: customFieldValues.optional(),
}));
export type DealUpdateInput = z.input<typeof dealUpdateSchema>;

/** A move: the target stage and the cards that will be right above and below (null at an end). */
export const dealMoveSchema = z.object({
  stageId: uuid(DEALS_MESSAGES.stageNotFound),
  prevId: uuid(DEALS_MESSAGES.neighbourInvalid).nullable().optional(),
  nextId: uuid(DEALS_MESSAGES.neighbourInvalid).nullable().optional(),
});
export type DealMoveInput = z.input<typeof dealMoveSchema>;

export const dealLostSchema = z
  .object({
    reason: z.enum(LOST_REASONS, { error: DEALS_MESSAGES.lostReasonRequired }),
    note: clearable(
      safeText({ multiline: true })
        .transform((v) => v.trim())
        .pipe(z.string().max(500, DEALS_MESSAGES.lostNoteTooLong)),
    ).optional(),
  })
  .refine((v) => v.reason !== 'Outro' || (v.note ?? '').length > 0, { message: DEALS_MESSAGES.lostNoteRequired, path: ['note'] });
export type DealLostInput = z.input<typeof dealLostSchema>;

export const dealWonSchema = z
  .object({
    reason: z.enum(WON_REASONS, { error: DEALS_MESSAGES.wonReasonRequired }),
    note: clearable(
      safeText({ multiline: true })
        .transform((v) => v.trim())
        .pipe(z.string().max(500, DEALS_MESSAGES.wonNoteTooLong)),
    ).optional(),
  })
  .refine((v) => v.reason !== 'Outro' || (v.note ?? '').length > 0, { message: DEALS_MESSAGES.wonNoteRequired, path: ['note'] });
export type DealWonInput = z.input<typeof dealWonSchema>;

const q = safeText()
  .transform((v) => v.trim())
  .pipe(z.string().max(100, DEALS_MESSAGES.queryTooLong));

/** The board's filters (also the URL's search params on /kanban-leads). */
export const boardFilterSchema = z.object({
  owner: z.union([z.literal('me'), z.literal('none'), ownerId]).optional(),
  tag: tag.optional(),
  source: source.optional(),
  q: q.optional(),
  /** Default: open. */
  status: z.enum(DEAL_STATUS_FILTERS, { error: DEALS_MESSAGES.statusInvalid }).optional(),
});
export type BoardFilters = z.output<typeof boardFilterSchema>;

const limit = z.coerce.number({ error: DEALS_MESSAGES.limitInvalid }).int(DEALS_MESSAGES.limitInvalid).min(1, DEALS_MESSAGES.limitInvalid).max(100, DEALS_MESSAGES.limitInvalid);
const cursor = safeText().max(300, DEALS_MESSAGES.cursorInvalid);

export const boardQuerySchema = boardFilterSchema.extend({ limit: limit.default(30) });
export const columnQuerySchema = boardFilterSchema.extend({ limit: limit.default(30), cursor: cursor.optional() });

export const dealListQuerySchema = boardFilterSchema.extend({
  pipelineId: uuid(DEALS_MESSAGES.pipelineNotFound).optional(),
  status: z.enum(DEAL_STATUS_FILTERS, { error: DEALS_MESSAGES.statusInvalid }).optional(),
  organizationId: uuid(DEALS_MESSAGES.organizationInvalid).optional(),
  personId: uuid(DEALS_MESSAGES.personInvalid).optional(),
  limit: limit.default(50),
  cursor: cursor.optional(),
});

const pipelineName = safeText({ error: DEALS_MESSAGES.pipelineNameRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, DEALS_MESSAGES.pipelineNameRequired).max(80, DEALS_MESSAGES.pipelineNameTooLong));
const stageName = safeText({ error: DEALS_MESSAGES.stageNameRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, DEALS_MESSAGES.stageNameRequired).max(60, DEALS_MESSAGES.stageNameTooLong));
const probability = z.number({ error: DEALS_MESSAGES.probabilityInvalid }).int(DEALS_MESSAGES.probabilityInvalid).min(0, DEALS_MESSAGES.probabilityInvalid).max(100, DEALS_MESSAGES.probabilityInvalid);

export const pipelineCreateSchema = z.object({
  name: pipelineName,
  /** Default: the Brazilian default stages. */
  stages: z.array(z.object({ name: stageName, probability: probability.default(0) })).min(1, DEALS_MESSAGES.lastStage).max(MAX_STAGES, DEALS_MESSAGES.tooManyStages).optional(),
});
export const pipelineUpdateSchema = z.object({ name: pipelineName });
export const stageCreateSchema = z.object({ name: stageName, probability: probability.default(0) });
export const stageUpdateSchema = patchBody(z.object({ name: stageName.optional(), probability: probability.optional() }));
export const stageOrderSchema = z.object({ stageIds: z.array(uuid(DEALS_MESSAGES.stageOrderInvalid), { error: DEALS_MESSAGES.stageOrderInvalid }).min(1, DEALS_MESSAGES.stageOrderInvalid).max(MAX_STAGES, DEALS_MESSAGES.stageOrderInvalid) });
export const stageDeleteQuerySchema = z.object({ moveTo: uuid(DEALS_MESSAGES.moveToRequired) });

const fieldLabel = safeText({ error: DEALS_MESSAGES.fieldLabelRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, DEALS_MESSAGES.fieldLabelRequired).max(60, DEALS_MESSAGES.fieldLabelTooLong));
const fieldOptions = z
  .array(
    safeText()
      .transform((v) => v.trim())
      .pipe(z.string().min(1, DEALS_MESSAGES.fieldOptionsInvalid).max(60, DEALS_MESSAGES.fieldOptionsInvalid)),
    { error: DEALS_MESSAGES.fieldOptionsInvalid },
  )
  .max(50, DEALS_MESSAGES.fieldOptionsInvalid)
  .refine((list) => new Set(list).size === list.length, { message: DEALS_MESSAGES.fieldOptionsInvalid });

export const customFieldCreateSchema = z
  .object({
    entity: z.enum(CUSTOM_FIELD_ENTITIES, { error: DEALS_MESSAGES.fieldEntityInvalid }),
    label: fieldLabel,
    type: z.enum(CUSTOM_FIELD_TYPES, { error: DEALS_MESSAGES.fieldTypeInvalid }),
    options: fieldOptions.default([]),
    required: z.boolean().default(false),
  })
  .refine((v) => v.type !== 'select' || v.options.length > 0, { message: DEALS_MESSAGES.fieldOptionsRequired, path: ['options'] });
export const customFieldUpdateSchema = patchBody(z.object({
  label: fieldLabel.optional(),
  options: fieldOptions.optional(),
  required: z.boolean().optional(),
  position: z.number().int().min(0).max(1000).optional(),
}));
export const customFieldListQuerySchema = z.object({ entity: z.enum(CUSTOM_FIELD_ENTITIES, { error: DEALS_MESSAGES.fieldEntityInvalid }).optional() });

export const customFieldSchema = z.object({
  id: z.string(),
  entity: z.enum(CUSTOM_FIELD_ENTITIES),
  key: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldListSchema = z.object({ fields: z.array(customFieldSchema) });

/** A field key from its label: 'Segmento de atuação' → 'segmento_de_atuacao'. */
export function fieldKeyOf(label: string): string {
  const key = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return key || 'campo';
}

/**
 * Checks values against the fields' definitions (decision 0153): unknown keys are refused, each
 * value must match its type (text ≤ 1000 chars; number finite; money integer cents in range;
 * date YYYY-MM-DD; select one of the options; boolean), null clears it, and required fields of a
 * new record must be present. Answers the cleaned values or a pt-BR message.
 */
export function checkCustomFields(
  fields: readonly Pick<CustomField, 'key' | 'label' | 'type' | 'options' | 'required'>[],
  values: Record<string, unknown>,
  opts: { creating?: boolean } = {},
): { ok: true; values: Record<string, unknown> } | { ok: false; message: string } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const f = byKey.get(key);
    if (!f) return { ok: false, message: `Campo personalizado desconhecido: ${key.slice(0, 60)}.` };
    if (raw === null || raw === '') {
      if (f.required) return { ok: false, message: `O campo "${f.label}" é obrigatório.` };
      out[key] = null;
      continue;
    }
    const bad = { ok: false as const, message: `Valor inválido para o campo "${f.label}".` };
    switch (f.type) {
      case 'text':
        if (typeof raw !== 'string' || raw.length > 1000 || hasControlCharacters(raw, { multiline: true })) return bad;
        out[key] = raw.trim();
        break;
      case 'number':
        if (typeof raw !== 'number' || !Number.isFinite(raw) || Math.abs(raw) > 1e15) return bad;
        out[key] = raw;
        break;
      case 'money':
        if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > MAX_VALUE_CENTS) return bad;
        out[key] = raw;
        break;
      case 'date':
        if (typeof raw !== 'string' || !isIsoDate(raw)) return bad;
        out[key] = raw;
        break;
      case 'select':
        if (typeof raw !== 'string' || !f.options.includes(raw)) return bad;
        out[key] = raw;
        break;
      case 'boolean':
        if (typeof raw !== 'boolean') return bad;
        out[key] = raw;
        break;
    }
  }
  if (opts.creating) {
    for (const f of fields) if (f.required && (out[f.key] === undefined || out[f.key] === null)) return { ok: false, message: `O campo "${f.label}" é obrigatório.` };
  }
  return { ok: true, values: out };
}

// ---- responses ----

export const stageSchema = z.object({ id: z.string(), pipelineId: z.string(), name: z.string(), position: z.number(), probability: z.number() });
export type Stage = z.infer<typeof stageSchema>;
export const pipelineSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), stages: z.array(stageSchema) });
export type Pipeline = z.infer<typeof pipelineSchema>;
export const pipelineListSchema = z.object({ pipelines: z.array(pipelineSchema) });
/** What deleting a stage answers: how many deals moved and the pipeline as it is now. */
export const stageDeletedSchema = z.object({ moved: z.number(), pipeline: pipelineSchema });

const nextActivitySchema = z.object({ id: z.string(), title: z.string(), kind: z.string(), dueDate: z.string().nullable() });
export type NextActivity = z.infer<typeof nextActivitySchema>;

/** A card of the board. */
export const dealCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  valueCents: z.number(),
  stageId: z.string(),
  position: z.number(),
  organizationName: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  tags: z.array(z.string()),
  nextActivity: nextActivitySchema.nullable(),
  status: z.enum(['open', 'won', 'lost']),
});
export type DealCard = z.infer<typeof dealCardSchema>;

/** A contact of a deal (a person of the parties module): the main e-mail and phone (digits). */
const dealContactSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() });
export type DealContact = z.infer<typeof dealContactSchema>;

export const dealSchema = dealCardSchema.extend({
  pipelineId: z.string(),
  organizationId: z.string().nullable(),
  /** The main contact (the first of `contacts`). */
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  contacts: z.array(dealContactSchema),
  source: z.string().nullable(),
  expectedCloseDate: z.string().nullable(),
  wonReason: z.string().nullable(),
  wonNote: z.string().nullable(),
  lostReason: z.string().nullable(),
  lostNote: z.string().nullable(),
  closedAt: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  stageEnteredAt: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** What a move answers: where the card now is (the page keeps the rest). */
export const dealMovedSchema = z.object({ id: z.string(), stageId: z.string(), position: z.number(), stageEnteredAt: z.string(), updatedAt: z.string() });
export type DealMoved = z.infer<typeof dealMovedSchema>;

export const dealPageSchema = z.object({ items: z.array(dealCardSchema), nextCursor: z.string().nullable() });
export type DealPage = z.infer<typeof dealPageSchema>;
const columnTotalsSchema = z.object({ stageId: z.string(), count: z.number(), sumCents: z.number() });
export type ColumnTotals = z.infer<typeof columnTotalsSchema>;
export const columnTotalsListSchema = z.object({ totals: z.array(columnTotalsSchema) });
const boardColumnSchema = z.object({ ...stageSchema.shape, ...columnTotalsSchema.shape, ...dealPageSchema.shape });
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export const boardSchema = z.object({ pipeline: pipelineSchema, columns: z.array(boardColumnSchema) });
export type Board = z.infer<typeof boardSchema>;
/** The tags and sources in use, for the board's filters. */
export const dealFacetsSchema = z.object({ tags: z.array(z.string()), sources: z.array(z.string()) });

/** R$ in pt-BR. */
export const formatBRL = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
