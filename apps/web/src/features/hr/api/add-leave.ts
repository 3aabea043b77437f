import type { LeaveCreate, LeaveView } from '@sede/shared/hr/schemas';
import { api } from '../../../lib/api-client.ts';

export const addLeave = (employeeId: string, input: LeaveCreate) => api<LeaveView>(`/rh/employees/${employeeId}/leaves`, { method: 'POST', json: input });
