import type { DealInsights } from '@sede/shared/crm/ai';
import { api } from '../../../../lib/api-client.ts';

/** GET /api/crm-ai/deals/:id/insights: the stored AI answers (no charge). */
export const getDealInsights = (dealId: string) => api<DealInsights>(`/crm-ai/deals/${dealId}/insights`);
