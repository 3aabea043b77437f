import type { ApiKey } from '@sede/shared/platform/api-keys';
import { api } from '../../../lib/api-client.ts';

export const revokeApiKey = (id: string) => api<ApiKey>(`/api-keys/${id}/revoke`, { method: 'POST' });
