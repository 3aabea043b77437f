import type { EmployeePage } from '@sede/shared/hr/schemas';
import { api } from '../../../lib/api-client.ts';
import { pageUrl, useCursorPages } from '../../../lib/cursor-pages.ts';
import { hrKeys, type EmployeeFilters } from './keys.ts';

export const listEmployees = (f: EmployeeFilters, cursor?: string | null) => api<EmployeePage>(pageUrl('/rh/employees', f, cursor));

/** The register page by page (cursor), 50 at a time. */
export const useEmployees = (f: EmployeeFilters) =>
  useCursorPages(hrKeys.employeeList(f), (cursor) => listEmployees(f, cursor));
