import { useQuery } from '@tanstack/react-query';
import type { CrmList } from '@sede/shared/crm/contacts';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** GET /api/crm-contacts/lists: the company's CRM lists a send can go to. */
export const useCrmLists = (enabled: boolean) =>
  useQuery({ queryKey: prospectingKeys.crmLists, queryFn: () => api<{ items: CrmList[] }>('/crm-contacts/lists'), enabled });
