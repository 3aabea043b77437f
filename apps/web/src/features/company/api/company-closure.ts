import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyClosure } from '@sede/shared/platform/company-data';
import { api } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

/** GET /api/company-data/closure (admins): whether the account is being closed, and when it is erased. */
export const useCompanyClosure = (enabled = true) =>
  useQuery({ queryKey: companyKeys.closure, queryFn: () => api<CompanyClosure>('/company-data/closure'), enabled, staleTime: 60_000 });

/** POST /api/company-data/closure: the admin confirms by typing the company's name. */
export function useRequestClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => api<CompanyClosure>('/company-data/closure', { method: 'POST', json: { confirmation } }),
    onSuccess: (data) => qc.setQueryData(companyKeys.closure, data),
  });
}

/** DELETE /api/company-data/closure: cancels during the grace period. */
export function useCancelClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<CompanyClosure>('/company-data/closure', { method: 'DELETE' }),
    onSuccess: (data) => qc.setQueryData(companyKeys.closure, data),
  });
}
