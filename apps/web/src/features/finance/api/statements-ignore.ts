import { api } from '../../../lib/api-client.ts';

export const ignoreLine = (lineId: string) => api<{ ok: true }>(`/finance/statements/lines/${lineId}/ignore`, { method: 'POST', json: {} });
export const reopenLine = (lineId: string) => api<{ ok: true }>(`/finance/statements/lines/${lineId}/reopen`, { method: 'POST', json: {} });
