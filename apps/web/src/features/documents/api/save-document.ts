import type { DocContent } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const saveDocument = (id: string, data: { title?: string; content: DocContent; revision: number }) =>
  api<{ revision: number; updatedAt: string }>(`/documents/${id}/content`, { method: 'PUT', json: data });
