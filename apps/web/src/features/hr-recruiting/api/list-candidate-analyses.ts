import { useQuery } from '@tanstack/react-query';
import type { ResumeAnalysisView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const listCandidateAnalyses = (candidateId: string) => api<{ analyses: ResumeAnalysisView[] }>(`/rh-recruiting/candidates/${candidateId}/analyses`);
export const useCandidateAnalyses = (candidateId: string | null) =>
  useQuery({ queryKey: recruitingKeys.candidateAnalyses(candidateId ?? ''), queryFn: () => listCandidateAnalyses(candidateId!), enabled: Boolean(candidateId) });
