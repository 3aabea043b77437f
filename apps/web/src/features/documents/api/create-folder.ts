import type { DocumentFolder } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const createFolder = (name: string, parentId: string | null) => api<DocumentFolder>('/documents/folders', { method: 'POST', json: { name, parentId } });
