import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';

const post = (path: string) => api<EnvelopeView>(`/assinaturas/envelopes/${path}`, { method: 'POST' });
export const sendEnvelope = (id: string) => post(`${id}/send`);
export const cancelEnvelope = (id: string) => post(`${id}/cancel`);
export const resendLink = (id: string, signerId: string) => post(`${id}/signers/${signerId}/resend`);
export const retrySealing = (id: string) => post(`${id}/sealing/retry`);
