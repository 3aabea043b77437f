import type { BulkRequest, BulkResult } from '@sede/shared/crm/contacts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/crm-contacts/bulk */
export const runBulk = (body: BulkRequest) => api<BulkResult>('/crm-contacts/bulk', { method: 'POST', json: body });
