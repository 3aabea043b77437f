import { useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyExportJob } from '@sede/shared/platform/company-data';
import { api } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

/** POST /api/company-data/exports: starts the export of everything the company holds (a job). */
export const startCompanyExport = () => api<{ jobId: string }>('/company-data/exports', { method: 'POST' });

export const useStartCompanyExport = () => useMutation({ mutationFn: startCompanyExport });

/** GET /api/company-data/exports/:jobId, polled every second while the job runs. */
export function useCompanyExport(jobId: string | null) {
  return useQuery({
    queryKey: companyKeys.exportJob(jobId ?? ''),
    queryFn: () => api<CompanyExportJob>(`/company-data/exports/${encodeURIComponent(jobId!)}`),
    enabled: Boolean(jobId),
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 1000 : false),
  });
}
