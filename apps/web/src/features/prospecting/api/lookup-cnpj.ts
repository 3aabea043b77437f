import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { NormalizedCompany } from '@sede/shared/cnpj';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** The product's CNPJ lookup (local data first, then the public providers; decision 0243): /cnpj-search's fallback. */
export const lookupCnpj = (cnpj: string) => api<NormalizedCompany>(`/cnpj/${encodeURIComponent(cnpj)}`);
export const useCnpjLookup = (cnpj: string, enabled: boolean) =>
  useQuery({ queryKey: prospectingKeys.providerLookup(cnpj), queryFn: () => lookupCnpj(cnpj), enabled: enabled && cnpj.length > 0, retry: false, ...CACHE.default });
