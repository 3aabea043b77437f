import { api } from '../../../lib/api-client.ts';

export const createEntryForLine = (lineId: string, input: { categoryId: string; description?: string }) =>
  api<{ entryId: string; paymentId: string }>(`/finance/statements/lines/${lineId}/entry`, { method: 'POST', json: input });
