import { useQuery } from '@tanstack/react-query';
import type { EmployeeView } from '@sede/shared/hr/schemas';
import { api } from '../../../lib/api-client.ts';
import { hrKeys } from './keys.ts';

export const getEmployee = (id: string) => api<EmployeeView>(`/rh/employees/${id}`);
export const useEmployee = (id: string) => useQuery({ queryKey: hrKeys.employee(id), queryFn: () => getEmployee(id) });
