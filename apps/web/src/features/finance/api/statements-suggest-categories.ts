import { aiApi } from '../../../lib/ai-api.ts';

export const suggestCategories = (lineIds: string[], requestId: string) =>
  aiApi<{ suggestions: { lineId: string; categoryId: string }[]; charged: number; balance: number }>('/finance/statements/ai/suggest-categories', { method: 'POST', json: { lineIds, requestId } });
