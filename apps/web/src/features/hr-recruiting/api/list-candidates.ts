import { useQuery } from '@tanstack/react-query';
import type { CandidateView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

/** The opening's candidates, ranked by fit score. */
export const listCandidates = (openingId: string) => api<{ candidates: CandidateView[] }>(`/rh-recruiting/openings/${openingId}/candidates`);
export const useCandidates = (openingId: string, enabled = true) => useQuery({ queryKey: recruitingKeys.candidates(openingId), queryFn: () => listCandidates(openingId), enabled: enabled && Boolean(openingId) });
