import { api } from '../../../lib/api-client.ts';

export const startAccountantPackage = (month: string) => api<{ jobId: string }>('/finance/statements/package', { method: 'POST', json: { month } });
export const packageDownloadUrl = (jobId: string) => `/api/finance/statements/package/${jobId}/download`;
