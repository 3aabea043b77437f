import type { ResumeAnalysisView } from '@sede/shared/recruiting/schemas';
import { aiApi } from '../../../lib/ai-api.ts';

/** Starts ai.resume_analysis as a job: charged when it succeeds. */
export const startResumeAnalysis = (candidateId: string, fileId: string) =>
  aiApi<ResumeAnalysisView>(`/rh-recruiting/candidates/${candidateId}/analyses`, { method: 'POST', json: { fileId } });
