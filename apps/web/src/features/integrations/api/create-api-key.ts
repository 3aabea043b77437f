import type { ApiKeyCreate, ApiKeyCreated } from '@sede/shared/platform/api-keys';
import { api } from '../../../lib/api-client.ts';

/** A new key: the answer holds its secret, the only time it is shown. */
export const createApiKey = (body: ApiKeyCreate) => api<ApiKeyCreated>('/api-keys', { method: 'POST', json: body });
