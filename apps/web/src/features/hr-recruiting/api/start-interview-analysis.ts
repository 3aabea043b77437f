import type { InterviewAnalysisView } from '@sede/shared/recruiting/schemas';
import { aiApi } from '../../../lib/ai-api.ts';

/** Starts ai.interview_analysis as a job: charged when it succeeds. */
export const startInterviewAnalysis = (interviewId: string, fileId: string) =>
  aiApi<InterviewAnalysisView>(`/rh-recruiting/interviews/${interviewId}/analyses`, { method: 'POST', json: { fileId } });
