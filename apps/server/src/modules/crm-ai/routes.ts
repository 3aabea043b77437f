import { z } from 'zod';
import {
  dealInsightsSchema,
  dealSummarySchema,
  insightRequestSchema,
  insightRunResultSchema,
  leadScoreSchema,
  nextStepSchema,
  type InsightKind,
  type InsightRunResult,
} from '@sede/shared/crm/ai';
import { uuidSchema } from '@sede/shared/platform/api';
import type { PaidAction } from '@sede/shared/platform/prices';
import { areaRouter } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { dealLeadScoreV1, dealNextStepV1, dealSummaryV1, generateStructured, requireAiCredentials, type DealTimelineInput, type Prompt } from '../../platform/ai/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { Services } from '../../services.ts';
import { dealOf, dealTimeline, listInsights, saveInsight } from './service.ts';

const KINDS: Record<'summary' | 'next-step' | 'lead-score', { kind: InsightKind; action: PaidAction; prompt: Prompt<DealTimelineInput>; schema: z.ZodType }> = {
  summary: { kind: 'summary', action: 'ai.deal_summary', prompt: dealSummaryV1, schema: dealSummarySchema },
  'next-step': { kind: 'next_step', action: 'ai.next_step', prompt: dealNextStepV1, schema: nextStepSchema },
  'lead-score': { kind: 'lead_score', action: 'ai.lead_score', prompt: dealLeadScoreV1, schema: leadScoreSchema },
};

const DEAL_NOT_FOUND = 'Negócio não encontrado.';
/** An unknown kind names no route (checked first, as the plain 404 it always was); then the deal. */
const insightParams = z.object({
  kind: z.enum(['summary', 'next-step', 'lead-score'], { error: 'Não encontrado' }),
  id: uuidSchema(DEAL_NOT_FOUND),
});

/**
 * /api/crm-ai: a deal's summary, next step and lead score (decision 0162), each a
 * paid action of the platform; the answers are stored so they show without paying again.
 * Open to whoever may open the board (`crm.read`; running one: `crm.ai`, every member, decision 0125).
 */
export function crmAiRoutes(s: Services) {
  const r = areaRouter(s, 'crm.read');
  r.get('/deals/:id/insights', contract({ summary: 'Análises de IA do negócio', params: idParams(DEAL_NOT_FOUND), response: dealInsightsSchema }), async (c) =>
    c.json(await listInsights(c.get('tenant'), c.req.valid('param').id)),
  );

  r.post(
    '/deals/:id/:kind',
    requirePermission('crm.ai'),
    contract({ summary: 'Gerar análise de IA do negócio', params: insightParams, body: insightRequestSchema, response: insightRunResultSchema }),
    async (c) => {
      const { id, kind } = c.req.valid('param');
      const spec = KINDS[kind];
      const tenant = c.get('tenant');
      await dealOf(tenant, id);
      const { requestId } = c.req.valid('json');
      const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
      const input = await dealTimeline(tenant, id);
      const out = await runPaidAction(s, tenant, { action: spec.action, reference: `deal:${id}:${spec.kind}:${requestId}`, ownKey: creds.source === 'own' }, async () => {
        const r = await generateStructured(s, creds, { prompt: spec.prompt, input, schema: spec.schema, maxTokens: 1200 });
        return saveInsight(tenant, id, spec.kind, r.data as Record<string, unknown>, r.promptId, r.model);
      });
      return c.json({ insight: out.result, charged: out.charged, balance: out.balance } satisfies InsightRunResult);
    },
  );
  return r;
}
