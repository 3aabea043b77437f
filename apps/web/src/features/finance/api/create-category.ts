import type { FinCategory } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';

export const createCategory = (input: Record<string, unknown>) => api<FinCategory>('/finance/categories', { method: 'POST', json: input });
