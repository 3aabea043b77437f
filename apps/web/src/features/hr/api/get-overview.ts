import { useQuery } from '@tanstack/react-query';
import type { HrOverview } from '@sede/shared/hr/schemas';
import { api } from '../../../lib/api-client.ts';
import { hrKeys } from './keys.ts';

export const getOverview = () => api<HrOverview>('/rh/overview');
export const useHrOverview = () => useQuery({ queryKey: hrKeys.overview, queryFn: getOverview });
