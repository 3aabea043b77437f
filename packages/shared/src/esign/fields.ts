import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';
import { FIELD_TYPES, type FieldType } from './labels.ts';

export { FIELD_TYPE_LABELS, FIELD_TYPES, FILLABLE_FIELD_TYPES, type FieldType } from './labels.ts';

/** Fields placed on the document for each signer (decision 0590). */

/** The size a new field starts with, as fractions of an A4 page in portrait. */
export const FIELD_DEFAULT_SIZE: Record<FieldType, { w: number; h: number }> = {
  assinatura: { w: 0.3, h: 0.06 },
  rubrica: { w: 0.12, h: 0.045 },
  nome: { w: 0.3, h: 0.03 },
  cpf: { w: 0.2, h: 0.03 },
  data: { w: 0.16, h: 0.03 },
  texto: { w: 0.3, h: 0.03 },
  checkbox: { w: 0.035, h: 0.025 },
};

export const FIELD_LIMITS = { fields: 200, textChars: 200, labelChars: 60, minSize: 0.01 } as const;

export const FIELD_MESSAGES = {
  outsidePage: 'Um campo está fora da página: arraste-o para dentro do documento.',
  page: 'Um campo está numa página que o documento não tem.',
  type: 'Tipo de campo inválido.',
  tooMany: 'Um envelope pode ter no máximo 200 campos.',
  tooSmall: 'Um campo está pequeno demais.',
  unknownSigner: 'Um campo é de um signatário que não está neste envelope (ou que só recebe cópia).',
  locked: 'Os campos não podem mais mudar: o envelope já foi enviado.',
  noDocument: 'Envie o PDF antes de posicionar os campos.',
  allPages: 'Só a rubrica pode ir em todas as páginas.',
  label: 'O rótulo do campo pode ter no máximo 60 caracteres.',
  required: 'Preencha os campos pedidos no documento.',
  unknownField: 'Um dos campos preenchidos não é seu.',
  text: 'O texto de um campo pode ter no máximo 200 caracteres.',
  cpf: 'CPF inválido: confira os dígitos.',
  samePages: (pages: number) => `O PDF novo precisa ter ${pages} ${pages === 1 ? 'página' : 'páginas'}, como o documento em que os campos foram posicionados: envie um PDF assim ou remova os campos antes.`,
} as const;
const M = FIELD_MESSAGES;

const fraction = z.number({ error: M.outsidePage }).finite(M.outsidePage);

export const fieldInputSchema = z
  .object({
    signerId: uuidSchema(M.unknownSigner),
    type: z.enum(FIELD_TYPES, { error: M.type }),
    page: z.number({ error: M.page }).int(M.page).min(1, M.page),
    x: fraction,
    y: fraction,
    w: fraction,
    h: fraction,
    allPages: z.boolean().default(false),
    required: z.boolean().default(true),
    label: safeText({ error: M.label })
      .max(FIELD_LIMITS.labelChars, M.label)
      .nullish()
      .transform((v) => v?.trim() || null),
  })
  .superRefine((f, ctx) => {
    if (f.w < FIELD_LIMITS.minSize || f.h < FIELD_LIMITS.minSize) ctx.addIssue({ code: 'custom', message: M.tooSmall });
    // A field must lie entirely inside the page (a hair of rounding allowed).
    const eps = 1e-6;
    if (f.x < 0 || f.y < 0 || f.x + f.w > 1 + eps || f.y + f.h > 1 + eps) ctx.addIssue({ code: 'custom', message: M.outsidePage });
    if (f.allPages && f.type !== 'rubrica') ctx.addIssue({ code: 'custom', message: M.allPages });
  });
export type FieldInput = z.input<typeof fieldInputSchema>;

export const fieldsSaveSchema = z.object({ fields: z.array(fieldInputSchema, { error: M.type }).max(FIELD_LIMITS.fields, M.tooMany) });

export const fieldViewSchema = z.object({
  id: z.string(),
  signerId: z.string(),
  type: z.enum(FIELD_TYPES),
  page: z.number(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  allPages: z.boolean(),
  required: z.boolean(),
  label: z.string().nullable(),
  value: z.string().nullable(),
});
export type FieldView = z.infer<typeof fieldViewSchema>;
export const fieldsViewSchema = z.object({ fields: z.array(fieldViewSchema) });

/** What the signer fills on the signing page: one value per fillable field of theirs. */
export const fieldValuesSchema = z
  .array(
    z.object({
      id: uuidSchema(M.unknownField),
      value: safeText({ error: M.text }).max(FIELD_LIMITS.textChars, M.text),
    }),
    { error: M.required },
  )
  .max(FIELD_LIMITS.fields, M.tooMany)
  .default([]);

/** A value the server accepts for a field of `type` (null: empty). Throws the Portuguese message otherwise. */
export function normalizeFieldValue(type: FieldType, raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  if (type === 'checkbox') return v === 'true' ? 'true' : 'false';
  if (!v) return null;
  if (type === 'cpf') {
    if (/[^\d.\-\s]/.test(v) || !isValidCpf(v)) throw new Error(M.cpf);
    return v.replace(/\D/g, '').replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  }
  return v;
}
