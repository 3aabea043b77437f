import type { DocumentVersionView } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const saveVersion = (id: string) => api<{ versions: DocumentVersionView[] }>(`/documents/${id}/versions`, { method: 'POST', json: {} });
