import { useQuery } from '@tanstack/react-query';
import type { ContractComparisonView } from '@sede/shared/legal/diff';
import { api } from '../../../lib/api-client.ts';
import { legalKeys } from './keys.ts';

export const compareVersions = (contractId: string, a: string, b: string) => api<ContractComparisonView>(`/juridico/contracts/${contractId}/compare?a=${a}&b=${b}`);
export const useComparison = (contractId: string, a: string | null, b: string | null) =>
  useQuery({ queryKey: legalKeys.compare(contractId, a ?? '', b ?? ''), queryFn: () => compareVersions(contractId, a!, b!), enabled: Boolean(a && b && a !== b), retry: false });
