import { useQuery } from '@tanstack/react-query';
import type { InterviewView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const listInterviews = () => api<{ interviews: InterviewView[] }>('/rh-recruiting/interviews');
export const useInterviews = () => useQuery({ queryKey: recruitingKeys.interviews, queryFn: listInterviews });
