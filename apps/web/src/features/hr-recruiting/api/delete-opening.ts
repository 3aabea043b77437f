import { api } from '../../../lib/api-client.ts';

export const deleteOpening = (id: string) => api<{ success: true }>(`/rh-recruiting/openings/${id}`, { method: 'DELETE' });
