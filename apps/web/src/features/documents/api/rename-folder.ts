import type { DocumentFolder } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const renameFolder = (id: string, name: string) => api<DocumentFolder>(`/documents/folders/${id}`, { method: 'PATCH', json: { name } });
