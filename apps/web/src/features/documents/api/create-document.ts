import type { DocContent, DocumentView, DocumentVisibility } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const createDocument = (data: { id?: string; title: string; folderId?: string | null; visibility?: DocumentVisibility; content?: DocContent; projectId?: string | null }) =>
  api<DocumentView>('/documents', { method: 'POST', json: data });
