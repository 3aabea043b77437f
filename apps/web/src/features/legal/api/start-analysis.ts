import type { ContractAnalysisView } from '@sede/shared/legal/schemas';
import { aiApi } from '../../../lib/ai-api.ts';

/** Starts ai.contract_analysis as a job: the price is charged when the analysis succeeds. */
export const startAnalysis = (contractId: string, fileId: string) =>
  aiApi<ContractAnalysisView>(`/juridico/contracts/${contractId}/analyses`, { method: 'POST', json: { fileId } });
