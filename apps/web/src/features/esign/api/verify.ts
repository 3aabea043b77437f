import { useQuery } from '@tanstack/react-query';
import type { VerificationView } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';
import { esignKeys } from './keys.ts';

/** By the certificate's code, or by the PDF's SHA-256 computed here in the browser (the file never leaves it). */
export const useVerification = (by: 'code' | 'sha256', value: string | null) =>
  useQuery({
    queryKey: esignKeys.verification(by, value ?? ''),
    queryFn: () => api<VerificationView>(`/public/assinaturas/verify/${by}/${encodeURIComponent(value ?? '')}`),
    enabled: Boolean(value),
    retry: false,
  });

export async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
