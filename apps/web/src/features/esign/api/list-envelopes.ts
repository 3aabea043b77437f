import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnvelopeSummary } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';
import { esignKeys } from './keys.ts';

export const useEnvelopes = (status: string | undefined, q: string | undefined) => {
  const params = new URLSearchParams(Object.entries({ status, q }).filter((e): e is [string, string] => Boolean(e[1])));
  return useQuery({
    queryKey: esignKeys.envelopeList({ status, q }),
    queryFn: () => api<{ envelopes: EnvelopeSummary[] }>(`/assinaturas/envelopes${params.size ? `?${params}` : ''}`),
    placeholderData: keepPreviousData,
  });
};
