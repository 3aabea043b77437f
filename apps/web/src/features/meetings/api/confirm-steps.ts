import type { Task } from '@sede/shared/platform/collaboration';
import { api } from '../../../lib/api-client.ts';

/** The chosen next steps become activities on the deal. */
export const confirmSteps = (analysisId: string, steps: number[]) => api<{ tasks: Task[] }>(`/meetings/analyses/${analysisId}/confirm`, { method: 'POST', json: { steps } });
