import { useQuery } from '@tanstack/react-query';
import type { InterviewView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const getInterview = (id: string) => api<InterviewView>(`/rh-recruiting/interviews/${id}`);
export const useInterview = (id: string) => useQuery({ queryKey: recruitingKeys.interview(id), queryFn: () => getInterview(id) });
