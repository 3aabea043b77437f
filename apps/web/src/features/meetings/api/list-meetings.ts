import { useQuery } from '@tanstack/react-query';
import type { MeetingView } from '@sede/shared/meetings/schemas';
import { api } from '../../../lib/api-client.ts';
import { meetingKeys } from './keys.ts';

export const listMeetings = (dealId: string) => api<{ meetings: MeetingView[] }>(`/meetings${dealId ? `?dealId=${encodeURIComponent(dealId)}` : ''}`);
export const useMeetings = (dealId = '') => useQuery({ queryKey: meetingKeys.list(dealId), queryFn: () => listMeetings(dealId) });
