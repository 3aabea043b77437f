import { api } from '../../../lib/api-client.ts';

export const deleteInterview = (id: string) => api<{ success: true }>(`/rh-recruiting/interviews/${id}`, { method: 'DELETE' });
