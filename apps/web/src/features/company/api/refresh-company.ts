import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails } from '@sede/shared/company';
import { api } from '../../../lib/api-client.ts';
import { invalidateMe } from '../../../lib/session/me-store.ts';
import { currentCompanyKey } from './get-current-company.ts';

/** Refreshes the registry fields from a fresh CNPJ lookup (admins). */
export async function refreshCompany(): Promise<CompanyDetails> {
  const { company } = await api<{ company: CompanyDetails }>('/companies/current/refresh', { method: 'POST' });
  return company;
}

export function useRefreshCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshCompany,
    retry: 0,
    onSuccess: (company) => {
      queryClient.setQueryData(currentCompanyKey, company);
      invalidateMe();
    },
  });
}
