import { useQuery } from '@tanstack/react-query';
import type { RecruitingSettings } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const getSettings = () => api<RecruitingSettings>('/rh-recruiting/settings');
export const useRecruitingSettings = () => useQuery({ queryKey: recruitingKeys.settings, queryFn: getSettings });
export const updateSettings = (retentionMonths: number) => api<RecruitingSettings>('/rh-recruiting/settings', { method: 'PUT', json: { retentionMonths } });
