import type { CompanySummaryResult } from '@sede/shared/platform/ai';
import { aiApi } from '../../../lib/ai-api.ts';

/** POST /api/ai/company-summary (paid: ai.company_summary); the request id makes a retried click charge once. */
export const requestCompanySummary = (requestId: string) =>
  aiApi<CompanySummaryResult>('/ai/company-summary', { method: 'POST', json: { requestId } });
