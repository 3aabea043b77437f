import { useMutation } from '@tanstack/react-query';
import { createCompanySchema, type CompanyDetails, type CreateCompanyInput } from '@sede/shared/company';
import { api } from '../../../lib/api-client.ts';

export { createCompanySchema };

export async function createCompany(input: CreateCompanyInput): Promise<CompanyDetails> {
  const { company } = await api<{ company: CompanyDetails }>('/companies', { method: 'POST', json: createCompanySchema.parse(input) });
  return company;
}

export function useCreateCompany() {
  // Never retried: a lost answer retried would meet "already a member" instead of success.
  return useMutation({ mutationFn: createCompany, retry: 0 });
}
