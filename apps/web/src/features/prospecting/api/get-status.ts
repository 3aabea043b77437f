import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { ProspectStatus } from '@sede/shared/prospecting/schemas';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

export const getProspectStatus = () => api<ProspectStatus>('/prospecting/status');
export const useProspectStatus = () => useQuery(queryOptions({ queryKey: prospectingKeys.status, queryFn: getProspectStatus, ...CACHE.static }));
