import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EmployeePage } from '@sede/shared/rh/schemas';
import { api } from '../../../lib/api-client.ts';
import { employeesQuery, hrKeys, type EmployeeFilters } from './keys.ts';

export const listEmployees = (f: EmployeeFilters, cursor?: string | null) => {
  const q = employeesQuery(f);
  if (cursor) q.set('cursor', cursor);
  return api<EmployeePage>(`/rh/employees${q.size ? `?${q}` : ''}`);
};

/** The register page by page (cursor), 50 at a time. */
export const useEmployees = (f: EmployeeFilters) =>
  useInfiniteQuery({
    queryKey: hrKeys.employeeList(f),
    queryFn: ({ pageParam }) => listEmployees(f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
