import { useQuery } from '@tanstack/react-query';
import type { CompanyCertificateAnswer, CompanyCertificateInfo } from '@sede/shared/platform/certificates';
import { api } from '../../../lib/api-client.ts';
import { nfseKeys } from './keys.ts';

export const useCertificate = () => useQuery({ queryKey: nfseKeys.certificate, queryFn: () => api<CompanyCertificateAnswer>('/finance/nfse/certificate') });

export function uploadCertificate(file: File, password: string) {
  const form = new FormData();
  form.set('file', file);
  form.set('password', password);
  return api<CompanyCertificateInfo>('/finance/nfse/certificate', { method: 'POST', body: form });
}

export const removeCertificate = () => api<{ success: true }>('/finance/nfse/certificate', { method: 'DELETE' });
