import { queryOptions } from '@tanstack/react-query';
import type { CrmList } from '@sede/shared/crm/contacts';
import { api } from '../../../lib/api-client.ts';
import { crmContactKeys } from './keys.ts';

/** GET /api/crm-contacts/lists */
export const listsQueryOptions = () =>
  queryOptions({ queryKey: crmContactKeys.lists, queryFn: async () => (await api<{ items: CrmList[] }>('/crm-contacts/lists')).items });
