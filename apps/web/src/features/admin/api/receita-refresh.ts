import { useQuery } from '@tanstack/react-query';
import type { ReceitaRefreshStatus } from '@sede/shared/prospecting/refresh';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const getReceitaRefresh = () => api<ReceitaRefreshStatus>('/prospecting/refresh');

/** Read again every 2 s while a run is under way (another instance's or the CLI's too), else on focus. */
export const useReceitaRefresh = () =>
  useQuery({
    queryKey: adminKeys.receitaRefresh,
    queryFn: getReceitaRefresh,
    refetchInterval: (q) => (q.state.data?.running || q.state.data?.jobId ? 2000 : false),
  });

export const startReceitaRefresh = () => api<{ jobId: string }>('/prospecting/refresh', { method: 'POST', json: {} });
