import type { DocumentView, DocumentVisibility } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateDocument = (id: string, data: { title?: string; folderId?: string | null; visibility?: DocumentVisibility; memberIds?: string[] }) =>
  api<DocumentView>(`/documents/${id}`, { method: 'PATCH', json: data });
