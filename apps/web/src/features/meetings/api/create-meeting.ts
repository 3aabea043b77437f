import type { MeetingCreateInput, MeetingView } from '@sede/shared/meetings/schemas';
import { api } from '../../../lib/api-client.ts';

export const createMeeting = (input: MeetingCreateInput) => api<MeetingView>('/meetings', { method: 'POST', json: input });
