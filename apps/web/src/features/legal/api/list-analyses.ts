import { useQuery } from '@tanstack/react-query';
import type { ContractAnalysisView } from '@sede/shared/legal/schemas';
import { api } from '../../../lib/api-client.ts';
import { legalKeys } from './keys.ts';

export const listAnalyses = (contractId: string) => api<{ analyses: ContractAnalysisView[] }>(`/juridico/contracts/${contractId}/analyses`);
export const useAnalyses = (contractId: string) => useQuery({ queryKey: legalKeys.analyses(contractId), queryFn: () => listAnalyses(contractId) });
