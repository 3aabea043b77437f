import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { MARKETING_CAMPAIGN_STATUSES, MARKETING_CHANNELS, PIECE_STATUSES } from './constants.ts';

/** Marketing campaigns (decision 0340): pieces grouped with a goal, dates, a budget and results. */
export const CAMPAIGN_LIMITS = { name: 120, goal: 1_000, summary: 5_000, maxCents: 100_000_000_00, maxCount: 2_000_000_000, pageSize: 30 } as const;
export const CAMPAIGN_MESSAGES = {
  notFound: 'Campanha de marketing não encontrada.',
  nameRequired: 'Informe o nome da campanha.',
  nameTooLong: `O nome pode ter até ${CAMPAIGN_LIMITS.name} caracteres.`,
  goalTooLong: `O objetivo pode ter até ${CAMPAIGN_LIMITS.goal} caracteres.`,
  summaryTooLong: `O resumo pode ter até ${CAMPAIGN_LIMITS.summary} caracteres.`,
  date: 'Informe uma data válida (AAAA-MM-DD).',
  dates: 'A data de término não pode ser anterior à de início.',
  money: 'Informe um valor em reais válido (até R$ 100 milhões).',
  count: 'Informe um número inteiro, zero ou maior.',
  status: 'Escolha um status válido.',
  client: 'Escolha a empresa cliente da campanha.',
  finished: 'Esta campanha já foi concluída. Reabra-a para editar.',
  notFinished: 'Só campanhas concluídas têm relatório final.',
  clientChange: 'A campanha já tem peças desta empresa cliente; mova as peças antes de trocar a empresa.',
  cursor: 'Página inválida. Recarregue a lista.',
} as const;
const M = CAMPAIGN_MESSAGES;
const L = CAMPAIGN_LIMITS;

const isoDate = z
  .string({ error: M.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), M.date);
const cents = z.number({ error: M.money }).int(M.money).min(0, M.money).max(L.maxCents, M.money);
const count = z.number({ error: M.count }).int(M.count).min(0, M.count).max(L.maxCount, M.count);
const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const fields = {
  clientId: z.uuid({ error: M.client }),
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(L.name, M.nameTooLong),
  goal: text(L.goal, M.goalTooLong),
  startsOn: isoDate.nullish(),
  endsOn: isoDate.nullish(),
  budgetCents: cents.nullish(),
  status: z.enum(['planejada', 'ativa', 'cancelada'] as const, { error: M.status }),
  reach: count.nullish(),
  clicks: count.nullish(),
  leads: count.nullish(),
  spendCents: cents.nullish(),
  summary: text(L.summary, M.summaryTooLong),
};
const datesInOrder = (v: { startsOn?: string | null; endsOn?: string | null }) => !v.startsOn || !v.endsOn || v.endsOn >= v.startsOn;

export const campaignCreateSchema = z.object({ ...fields, status: fields.status.default('planejada') }).refine(datesInOrder, { message: M.dates, path: ['endsOn'] });
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;
/** Any subset of the fields; concluding goes through `campaignFinishSchema`. */
export const campaignUpdateSchema = patchBody(z.object(fields).partial().refine(datesInOrder, { message: M.dates, path: ['endsOn'] }));
export type CampaignUpdateInput = z.input<typeof campaignUpdateSchema>;
/** Concluding a campaign: its results and what the team learned. */
export const campaignFinishSchema = z.object({ reach: count.nullish(), clicks: count.nullish(), leads: count.nullish(), spendCents: cents.nullish(), summary: fields.summary });
export type CampaignFinishInput = z.input<typeof campaignFinishSchema>;

export const campaignListQuerySchema = z.object({
  clientId: z.uuid({ error: M.client }).optional(),
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(MARKETING_CAMPAIGN_STATUSES, { error: M.status }))),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(L.pageSize),
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;
export type CampaignListFilter = z.output<typeof campaignListQuerySchema>;

const resultsSchema = z.object({ reach: z.number().nullable(), clicks: z.number().nullable(), leads: z.number().nullable(), spendCents: z.number().nullable() });
export type CampaignResults = z.infer<typeof resultsSchema>;
export const campaignViewSchema = resultsSchema.extend({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  name: z.string(),
  goal: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  budgetCents: z.number().nullable(),
  status: z.enum(MARKETING_CAMPAIGN_STATUSES),
  summary: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pieces: z.number(),
  published: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignView = z.infer<typeof campaignViewSchema>;
export const campaignListSchema = z.object({ campaigns: z.array(campaignViewSchema), nextCursor: z.string().nullable() });
export type CampaignList = z.infer<typeof campaignListSchema>;
const campaignPieceSchema = z.object({
  id: z.string(),
  title: z.string(),
  channel: z.enum(MARKETING_CHANNELS),
  status: z.enum(PIECE_STATUSES),
  scheduledAt: z.string().nullable(),
  publishedUrl: z.string().nullable(),
});
export type CampaignPiece = z.infer<typeof campaignPieceSchema>;
export const campaignDetailSchema = campaignViewSchema.extend({
  piecesList: z.array(campaignPieceSchema),
  byChannel: z.array(z.object({ channel: z.enum(MARKETING_CHANNELS), pieces: z.number() })),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** Click-through rate (clicks ÷ reach) and cost per lead, when their parts are known. */
export function campaignRates(r: CampaignResults): { ctr: number | null; costPerLeadCents: number | null } {
  return {
    ctr: r.reach && r.clicks !== null ? r.clicks / r.reach : null,
    costPerLeadCents: r.leads && r.spendCents !== null ? Math.round(r.spendCents / r.leads) : null,
  };
}
