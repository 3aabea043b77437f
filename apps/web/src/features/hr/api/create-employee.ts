import type { EmployeeCreate, EmployeeView } from '@sede/shared/hr/schemas';
import { api } from '../../../lib/api-client.ts';

export const createEmployee = (input: EmployeeCreate) => api<EmployeeView>('/rh/employees', { method: 'POST', json: input });
