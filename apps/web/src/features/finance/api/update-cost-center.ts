import type { FinCostCenter } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';

export const updateCostCenter = (id: string, input: Record<string, unknown>) => api<FinCostCenter>(`/finance/cost-centers/${id}`, { method: 'PATCH', json: input });
