import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../components/files/files-api.ts';

/** The PDF goes up through the platform's files, then becomes the envelope's document (a file we cannot sign is refused and removed). */
export async function attachDocument(envelopeId: string, file: File, onProgress?: (fraction: number) => void) {
  const uploaded = await uploadFile({ entityType: 'signature_envelope', entityId: envelopeId, kind: 'document', file, onProgress });
  return api<EnvelopeView>(`/assinaturas/envelopes/${envelopeId}/document`, { method: 'POST', json: { fileId: uploaded.id } });
}
