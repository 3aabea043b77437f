import { api } from '../../../lib/api-client.ts';

export const deleteEmployee = (id: string) => api<{ success: true }>(`/rh/employees/${id}`, { method: 'DELETE' });
