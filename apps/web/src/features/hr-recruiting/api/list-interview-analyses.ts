import { useQuery } from '@tanstack/react-query';
import type { InterviewAnalysisView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const listInterviewAnalyses = (id: string) => api<{ analyses: InterviewAnalysisView[] }>(`/rh-recruiting/interviews/${id}/analyses`);
export const useInterviewAnalyses = (id: string) => useQuery({ queryKey: recruitingKeys.interviewAnalyses(id), queryFn: () => listInterviewAnalyses(id) });
