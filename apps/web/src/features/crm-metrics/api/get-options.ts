import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { MetricsOptions } from '@sede/shared/crm/metrics';
import { api } from '../../../lib/api-client.ts';
import { crmMetricsKeys } from './keys.ts';

export const getMetricsOptions = () => api<MetricsOptions>('/crm-metrics/options');

export const useMetricsOptions = () => useQuery(queryOptions({ queryKey: crmMetricsKeys.options, queryFn: getMetricsOptions, ...CACHE.dynamic }));
