import { useQuery } from '@tanstack/react-query';
import type { RhOverview } from '@sede/shared/rh/schemas';
import { api } from '../../../lib/api-client.ts';
import { hrKeys } from './keys.ts';

export const getOverview = () => api<RhOverview>('/rh/overview');
export const useRhOverview = () => useQuery({ queryKey: hrKeys.overview, queryFn: getOverview });
