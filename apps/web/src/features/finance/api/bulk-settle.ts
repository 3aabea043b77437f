import { api } from '../../../lib/api-client.ts';

export const bulkSettle = (input: { entryIds: string[]; accountId: string; paidDate: string }) =>
  api<{ settled: number; totalCents: number }>('/finance/entries/settle', { method: 'POST', json: input });
