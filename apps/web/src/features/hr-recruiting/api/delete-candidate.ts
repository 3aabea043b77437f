import { api } from '../../../lib/api-client.ts';

/** Erases the candidate with its files, analyses and interviews (LGPD). */
export const deleteCandidate = (id: string) => api<{ success: true }>(`/rh-recruiting/candidates/${id}`, { method: 'DELETE' });
