import type { FinAccount } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';

export const updateAccount = (id: string, input: Record<string, unknown>) => api<FinAccount>(`/finance/accounts/${id}`, { method: 'PATCH', json: input });
