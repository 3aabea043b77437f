import type { InsightRunResult } from '@sede/shared/crm/ai';
import { newRequestId } from '../../../../components/paid-action/paid-action-button.tsx';
import { aiApi } from '../../../../lib/ai-api.ts';

export type InsightPath = 'summary' | 'next-step' | 'lead-score';

/** POST /api/crm-ai/deals/:id/<kind>: a paid AI action (the server charges), one request id per click. */
export const runDealInsight = (dealId: string, kind: InsightPath) =>
  aiApi<InsightRunResult>(`/crm-ai/deals/${dealId}/${kind}`, { method: 'POST', json: { requestId: newRequestId() } });
