import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { FinRegisters } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

export const getRegisters = () => api<FinRegisters>('/finance/registers');
export const registersQueryOptions = () => queryOptions({ queryKey: financeKeys.registers, queryFn: getRegisters, ...CACHE.dynamic });
export const useRegisters = () => useQuery(registersQueryOptions());
