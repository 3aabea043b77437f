import type { DocumentView } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const restoreVersion = (id: string, versionId: string) => api<DocumentView>(`/documents/${id}/versions/${versionId}/restore`, { method: 'POST', json: {} });
