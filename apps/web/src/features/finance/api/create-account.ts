import type { FinAccount } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';

export const createAccount = (input: Record<string, unknown>) => api<FinAccount>('/finance/accounts', { method: 'POST', json: input });
