import type { CandidateStage, CandidateView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateCandidate = (id: string, input: { name?: string; stage?: CandidateStage }) => api<CandidateView>(`/rh-recruiting/candidates/${id}`, { method: 'PATCH', json: input });
