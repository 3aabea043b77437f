import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCompanySchema, type CompanyDetails, type UpdateCompanyInput } from '@sede/shared/company';
import { api } from '../../../lib/api-client.ts';
import { invalidateMe } from '../../../lib/session/me-store.ts';
import { currentCompanyKey } from './get-current-company.ts';

export { updateCompanySchema };

export async function updateCompany(input: UpdateCompanyInput): Promise<CompanyDetails> {
  const { company } = await api<{ company: CompanyDetails }>('/companies/current', { method: 'PATCH', json: updateCompanySchema.parse(input) });
  return company;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(currentCompanyKey, company);
      // The sidebar and header show the name from the signed-in bootstrap.
      invalidateMe();
    },
  });
}
