import type { DocumentReading } from '@sede/shared/finance/statements-schemas';
import { aiApi } from '../../../lib/ai-api.ts';

export const readDocument = (fileId: string, requestId: string) =>
  aiApi<{ reading: DocumentReading; charged: number; balance: number }>('/finance/statements/ai/read-document', { method: 'POST', json: { fileId, requestId } });
