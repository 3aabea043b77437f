import type { MetricsQuery } from '@sede/shared/crm/metrics';

/** TanStack Query keys of /metricas. */
export const crmMetricsKeys = {
  all: ['crm-metrics'] as const,
  options: ['crm-metrics', 'options'] as const,
  overview: (filters: MetricsQuery) => ['crm-metrics', 'overview', filters] as const,
  billedVsReceived: ['crm-metrics', 'billed-vs-received'] as const,
};
