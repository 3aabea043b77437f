import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from '@sede/shared/company';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

/** Under ['company']: the live feed invalidates it when the company row changes. */
export const currentCompanyKey = companyKeys.current;

export async function getCurrentCompany(): Promise<CompanyDetails> {
  const { company } = await api<{ company: CompanyDetails }>('/companies/current');
  return company;
}

export const currentCompanyQueryOptions = () =>
  queryOptions({ queryKey: currentCompanyKey, queryFn: getCurrentCompany, ...CACHE.dynamic });

export const useCurrentCompany = () => useQuery(currentCompanyQueryOptions());
