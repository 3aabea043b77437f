import { queryOptions } from '@tanstack/react-query';
import type { CrmSegment } from '@sede/shared/crm/contacts';
import { api } from '../../../lib/api-client.ts';
import { crmContactKeys } from './keys.ts';

/** GET /api/crm-contacts/segments (each with its count, evaluated now). */
export const segmentsQueryOptions = () =>
  queryOptions({ queryKey: crmContactKeys.segments, queryFn: async () => (await api<{ items: CrmSegment[] }>('/crm-contacts/segments')).items });
