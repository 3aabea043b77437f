import type { FinCategory } from '@sede/shared/finance/registers';
import { api } from '../../../lib/api-client.ts';

export const updateCategory = (id: string, input: Record<string, unknown>) => api<FinCategory>(`/finance/categories/${id}`, { method: 'PATCH', json: input });
