import type { FinCostCenter } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';

export const createCostCenter = (input: Record<string, unknown>) => api<FinCostCenter>('/finance/cost-centers', { method: 'POST', json: input });
