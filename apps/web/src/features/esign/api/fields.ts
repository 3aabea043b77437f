import type { FieldInput, FieldView } from '@sede/shared/esign/fields';
import { api } from '../../../lib/api-client.ts';

/** The editor saves the envelope's fields whole (decision 0590). */
export const saveFields = (envelopeId: string, fields: FieldInput[]) => api<{ fields: FieldView[] }>(`/assinaturas/envelopes/${envelopeId}/fields`, { method: 'PUT', json: { fields } });
