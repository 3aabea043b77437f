/**
 * AI in the pipeline (decision 0162): the structured answers of a deal's
 * summary, its suggested next step and its lead score, and the stored insights. Browser-safe.
 */
import { z } from 'zod';

export const dealSummarySchema = z.object({
  resumo: z.string(),
  pontosChave: z.array(z.string()),
  riscos: z.array(z.string()),
});
export const nextStepSchema = z.object({
  acao: z.string(),
  justificativa: z.string(),
  prazoSugeridoDias: z.number().int(),
  canal: z.enum(['ligacao', 'reuniao', 'email', 'whatsapp', 'visita', 'outro']),
});
export const leadScoreSchema = z.object({
  pontuacao: z.number().int().min(0).max(100),
  classificacao: z.enum(['frio', 'morno', 'quente']),
  motivos: z.array(z.object({ fator: z.string(), impacto: z.enum(['positivo', 'negativo']), explicacao: z.string() })),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;
export type NextStep = z.infer<typeof nextStepSchema>;
export type LeadScore = z.infer<typeof leadScoreSchema>;

export const INSIGHT_KINDS = ['summary', 'next_step', 'lead_score'] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const insightRequestSchema = z.object({
  requestId: z.uuid({ error: 'Identificador da solicitação inválido.' }),
});

export const CHANNEL_LABELS: Record<NextStep['canal'], string> = {
  ligacao: 'Ligação',
  reuniao: 'Reunião',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  visita: 'Visita',
  outro: 'Outro',
};

// ---- Responses (the routes' contracts; the types are derived from them) ----
const insightBase = { id: z.string(), version: z.string(), createdAt: z.string(), createdByName: z.string().nullable() };
export const insightSchema = z.discriminatedUnion('kind', [
  z.object({ ...insightBase, kind: z.literal('summary'), result: dealSummarySchema }),
  z.object({ ...insightBase, kind: z.literal('next_step'), result: nextStepSchema }),
  z.object({ ...insightBase, kind: z.literal('lead_score'), result: leadScoreSchema }),
]);
export type Insight = z.infer<typeof insightSchema>;

/** GET /api/crm-ai/deals/:id/insights: the latest of each kind, and how many earlier ones exist. */
export const dealInsightsSchema = z.object({ latest: z.partialRecord(z.enum(INSIGHT_KINDS), insightSchema), history: z.array(insightSchema) });
export type DealInsights = z.infer<typeof dealInsightsSchema>;
export const insightRunResultSchema = z.object({ insight: insightSchema, charged: z.number(), balance: z.number() });
export type InsightRunResult = z.infer<typeof insightRunResultSchema>;
