import { useQuery } from '@tanstack/react-query';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';
import { esignKeys } from './keys.ts';

export const useEnvelope = (id: string) => useQuery({ queryKey: esignKeys.envelope(id), queryFn: () => api<EnvelopeView>(`/assinaturas/envelopes/${id}`) });
