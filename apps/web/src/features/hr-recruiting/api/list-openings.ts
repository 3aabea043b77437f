import { useQuery } from '@tanstack/react-query';
import type { OpeningView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const listOpenings = () => api<{ openings: OpeningView[] }>('/rh-recruiting/openings');
export const useOpenings = () => useQuery({ queryKey: recruitingKeys.openings, queryFn: listOpenings });
