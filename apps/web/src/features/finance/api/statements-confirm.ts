import { api } from '../../../lib/api-client.ts';

export const confirmMatch = (lineId: string, target: { type: 'entry' | 'payment'; id: string }) => api<{ ok: true }>(`/finance/statements/lines/${lineId}/confirm`, { method: 'POST', json: target });

export const confirmSuggested = (lineIds: string[]) => api<{ confirmed: number; skipped: number }>('/finance/statements/lines/confirm-suggested', { method: 'POST', json: { lineIds } });
