import type { CandidateView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';

export const createCandidate = (openingId: string, input: { name: string; nameFromFile?: boolean }) =>
  api<CandidateView>(`/rh-recruiting/openings/${openingId}/candidates`, { method: 'POST', json: input });
