/**
 * AI in the pipeline (issue 12 item 7, decision 0162): the structured answers of a deal's
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

export type Insight =
  | { id: string; kind: 'summary'; result: DealSummary; version: string; createdAt: string; createdByName: string | null }
  | { id: string; kind: 'next_step'; result: NextStep; version: string; createdAt: string; createdByName: string | null }
  | { id: string; kind: 'lead_score'; result: LeadScore; version: string; createdAt: string; createdByName: string | null };

/** GET /api/crm-ai/deals/:id/insights: the latest of each kind, and how many earlier ones exist. */
export type DealInsights = { latest: Partial<Record<InsightKind, Insight>>; history: Insight[] };
export type InsightRunResult = { insight: Insight; charged: number; balance: number };
