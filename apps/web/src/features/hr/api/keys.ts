import { filtersQuery } from '../../../lib/cursor-pages.ts';

/** TanStack Query keys of RH. */
export type EmployeeFilters = { q?: string; department?: string; status?: string; contractType?: string; sort?: string; order?: string; limit?: string };

export const hrKeys = {
  all: ['rh'] as const,
  overview: ['rh', 'overview'] as const,
  employees: ['rh', 'employees'] as const,
  employeeList: (filters: EmployeeFilters) => ['rh', 'employees', 'list', filters] as const,
  employee: (id: string) => ['rh', 'employees', 'one', id] as const,
  managers: (q: string) => ['rh', 'employees', 'managers', q] as const,
};

export const employeesQuery = (f: EmployeeFilters) => filtersQuery(f);
