import { api } from '../../../lib/api-client.ts';

/** POST /api/crm-contacts/lists/:id/members/remove */
export const removeListMembers = (listId: string, entity: 'people' | 'organizations', ids: string[]) =>
  api<{ removed: number }>(`/crm-contacts/lists/${listId}/members/remove`, { method: 'POST', json: entity === 'people' ? { personIds: ids } : { organizationIds: ids } });
