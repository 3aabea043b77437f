import type { EmployeeUpdate, EmployeeView } from '@sede/shared/hr/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateEmployee = (id: string, input: EmployeeUpdate) => api<EmployeeView>(`/rh/employees/${id}`, { method: 'PATCH', json: input });
