import { api } from '../../../lib/api-client.ts';

export const deleteContract = (id: string) => api<{ success: true }>(`/juridico/contracts/${id}`, { method: 'DELETE' });
