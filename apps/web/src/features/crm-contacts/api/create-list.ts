import type { CrmList } from '@sede/shared/crm/contacts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/crm-contacts/lists */
export const createList = (body: { name: string; description?: string | null }) => api<CrmList>('/crm-contacts/lists', { method: 'POST', json: body });
