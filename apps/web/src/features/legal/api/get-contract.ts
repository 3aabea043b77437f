import { useQuery } from '@tanstack/react-query';
import type { ContractView } from '@sede/shared/legal/schemas';
import { api } from '../../../lib/api-client.ts';
import { legalKeys } from './keys.ts';

export const getContract = (id: string) => api<ContractView>(`/juridico/contracts/${id}`);
export const useContract = (id: string) => useQuery({ queryKey: legalKeys.contract(id), queryFn: () => getContract(id) });
