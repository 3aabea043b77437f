import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { MetricsOverview, MetricsQuery } from '@sede/shared/crm/metrics';
import { api } from '../../../lib/api-client.ts';
import { crmMetricsKeys } from './keys.ts';

export function getMetricsOverview(filters: MetricsQuery) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  return api<MetricsOverview>(`/crm-metrics/overview${q.size ? `?${q}` : ''}`);
}

export const useMetricsOverview = (filters: MetricsQuery, enabled = true) =>
  useQuery({ queryKey: crmMetricsKeys.overview(filters), queryFn: () => getMetricsOverview(filters), enabled, placeholderData: keepPreviousData, ...CACHE.dynamic });
