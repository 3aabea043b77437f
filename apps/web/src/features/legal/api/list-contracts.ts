import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContractView } from '@sede/shared/legal/schemas';
import { api } from '../../../lib/api-client.ts';
import { legalKeys, type ContractFilters } from './keys.ts';

export const listContracts = (f: ContractFilters) => {
  const q = new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1])));
  return api<{ contracts: ContractView[] }>(`/juridico/contracts${q.size ? `?${q}` : ''}`);
};
export const useContracts = (f: ContractFilters) => useQuery({ queryKey: legalKeys.contractList(f), queryFn: () => listContracts(f), placeholderData: keepPreviousData });
