import type { Context } from 'hono';
import type { z } from 'zod';
import { dealSummarySchema, insightRequestSchema, leadScoreSchema, nextStepSchema, type InsightKind, type InsightRunResult } from '@sede/shared/crm/ai';
import type { PaidAction } from '@sede/shared/platform/prices';
import { areaRouter } from '../../http/area-router.ts';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { dealLeadScoreV1, dealNextStepV1, dealSummaryV1, generateStructured, requireAiCredentials, type DealTimelineInput, type Prompt } from '../../platform/ai/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { dealOf, dealTimeline, listInsights, saveInsight } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const KINDS: Record<string, { kind: InsightKind; action: PaidAction; prompt: Prompt<DealTimelineInput>; schema: z.ZodType }> = {
  summary: { kind: 'summary', action: 'ai.deal_summary', prompt: dealSummaryV1, schema: dealSummarySchema },
  'next-step': { kind: 'next_step', action: 'ai.next_step', prompt: dealNextStepV1, schema: nextStepSchema },
  'lead-score': { kind: 'lead_score', action: 'ai.lead_score', prompt: dealLeadScoreV1, schema: leadScoreSchema },
};

/**
 * /api/crm-ai: a deal's summary, next step and lead score (issue 12 item 7, decision 0162), each a
 * paid action of the platform; the answers are stored so they show without paying again.
 * Open to whoever may open the board (`crm.read`; running one: `crm.ai`, every member, decision 0125).
 */
export function crmAiRoutes(s: Services) {
  const r = areaRouter(s, 'crm.read');
  const dealId = (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw notFound('Negócio não encontrado.');
    return id;
  };

  r.get('/deals/:id/insights', async (c) => c.json(await listInsights(c.get('tenant'), dealId(c))));

  r.post('/deals/:id/:kind', requirePermission('crm.ai'), async (c: Context<CompanyEnv>) => {
    const spec = KINDS[c.req.param('kind') ?? ''];
    if (!spec) throw notFound();
    const id = dealId(c);
    const tenant = c.get('tenant');
    await dealOf(tenant, id);
    const { requestId } = parseWith(insightRequestSchema, await readJson(c));
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const input = await dealTimeline(tenant, id);
    const out = await runPaidAction(s, tenant, { action: spec.action, reference: `deal:${id}:${spec.kind}:${requestId}`, ownKey: creds.source === 'own' }, async () => {
      const r = await generateStructured(s, creds, { prompt: spec.prompt, input, schema: spec.schema, maxTokens: 1200 });
      return saveInsight(tenant, id, spec.kind, r.data as Record<string, unknown>, r.promptId, r.model);
    });
    return c.json({ insight: out.result, charged: out.charged, balance: out.balance } satisfies InsightRunResult);
  });
  return r;
}
