import { api } from '../../../lib/api-client.ts';

export const deleteLeave = (employeeId: string, leaveId: string) => api<{ success: true }>(`/rh/employees/${employeeId}/leaves/${leaveId}`, { method: 'DELETE' });
