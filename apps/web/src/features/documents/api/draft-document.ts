import type { DocumentDraftRequest, DocumentView } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';

export const draftDocument = (data: DocumentDraftRequest) =>
  api<{ document: DocumentView; charged: number; balance: number | null }>('/documents/draft', { method: 'POST', json: data });
