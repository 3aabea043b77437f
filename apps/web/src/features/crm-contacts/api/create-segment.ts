import type { CrmSegment } from '@sede/shared/crm/contacts';
import type { ContactFilter } from '@sede/shared/platform/parties';
import { api } from '../../../lib/api-client.ts';

/** POST /api/crm-contacts/segments */
export const createSegment = (body: { name: string; entity: 'people' | 'organizations'; filter: Partial<Record<keyof ContactFilter, unknown>> }) =>
  api<CrmSegment>('/crm-contacts/segments', { method: 'POST', json: body });
