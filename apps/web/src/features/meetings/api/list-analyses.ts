import { useQuery } from '@tanstack/react-query';
import type { MeetingAnalysisView } from '@sede/shared/meetings/schemas';
import { api } from '../../../lib/api-client.ts';
import { meetingKeys } from './keys.ts';

export const listAnalyses = (meetingId: string) => api<{ analyses: MeetingAnalysisView[] }>(`/meetings/${meetingId}/analyses`);
export const useAnalyses = (meetingId: string) => useQuery({ queryKey: meetingKeys.analyses(meetingId), queryFn: () => listAnalyses(meetingId) });
