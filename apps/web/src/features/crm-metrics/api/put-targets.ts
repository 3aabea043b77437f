import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TargetsPut } from '@sede/shared/crm/metrics';
import { api } from '../../../lib/api-client.ts';
import { crmMetricsKeys } from './keys.ts';

export const putTargets = (input: TargetsPut) => api<{ saved: number; cleared: number }>('/crm-metrics/targets', { method: 'PUT', json: input });

export function usePutTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmMetricsKeys.all }),
  });
}
