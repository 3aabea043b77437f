import type { EnvelopeCreateInput, EnvelopeView } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';

export const createEnvelope = (input: EnvelopeCreateInput) => api<EnvelopeView>('/assinaturas/envelopes', { method: 'POST', json: input });
