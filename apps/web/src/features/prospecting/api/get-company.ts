import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { ProspectCompany } from '@sede/shared/prospecting/schemas';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

export const getProspectCompany = (cnpj: string) => api<ProspectCompany>(`/prospecting/companies/${encodeURIComponent(cnpj)}`);
export const useProspectCompany = (cnpj: string) =>
  useQuery({ queryKey: prospectingKeys.company(cnpj), queryFn: () => getProspectCompany(cnpj), enabled: cnpj.length > 0, retry: false, ...CACHE.default });
