import type { MeetingAnalysisView } from '@sede/shared/meetings/schemas';
import { aiApi } from '../../../lib/ai-api.ts';

/** Starts ai.meeting_analysis as a job: the price is charged when the analysis succeeds. */
export const startAnalysis = (meetingId: string, fileId: string) => aiApi<MeetingAnalysisView>(`/meetings/${meetingId}/analyses`, { method: 'POST', json: { fileId } });
