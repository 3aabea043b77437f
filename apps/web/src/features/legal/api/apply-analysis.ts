import type { ContractView } from '@sede/shared/legal/schemas';
import { api } from '../../../lib/api-client.ts';

export type AppliedField = 'object' | 'valueCents' | 'startDate' | 'endDate' | 'automaticRenewal' | 'noticePeriodDays' | 'readjustmentIndex';
export const applyAnalysis = (analysisId: string, fields: AppliedField[]) => api<ContractView>(`/juridico/analyses/${analysisId}/apply`, { method: 'POST', json: { fields } });
