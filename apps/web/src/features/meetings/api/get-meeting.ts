import { useQuery } from '@tanstack/react-query';
import type { MeetingView } from '@sede/shared/meetings/schemas';
import { api } from '../../../lib/api-client.ts';
import { meetingKeys } from './keys.ts';

export const getMeeting = (id: string) => api<MeetingView>(`/meetings/${id}`);
export const useMeeting = (id: string) => useQuery({ queryKey: meetingKeys.meeting(id), queryFn: () => getMeeting(id), retry: false });
