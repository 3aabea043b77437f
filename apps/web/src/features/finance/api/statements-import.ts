import type { StatementImportResult } from '@sede/shared/finance/statements-schemas';
import { api } from '../../../lib/api-client.ts';

/** Sends the statement file's bytes as they are (the server detects OFX/CSV and the encoding). */
export const importStatement = (accountId: string, file: File) =>
  api<StatementImportResult>(`/finance/statements/imports?accountId=${accountId}&fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream' },
    body: file,
  });
