import { employeesQuery, type EmployeeFilters } from './keys.ts';

/** The CSV of the filtered list (a plain download link; the session cookie goes with it). */
export const exportEmployeesUrl = (f: EmployeeFilters) => {
  const q = employeesQuery(f);
  return `/api/rh/employees/export${q.size ? `?${q}` : ''}`;
};
