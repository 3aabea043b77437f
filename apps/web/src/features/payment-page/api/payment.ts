import { useQuery } from '@tanstack/react-query';
import type { PublicPayment } from '@sede/shared/finance/pix';
import { api } from '../../../lib/api-client.ts';
import { paymentPageKeys } from './keys.ts';

/** The charge behind the link; 404 (invalid or cancelled) and 429 carry their Portuguese message. */
export const usePublicPayment = (token: string) =>
  useQuery({ queryKey: paymentPageKeys.payment(token), queryFn: () => api<PublicPayment>(`/public/payments/${encodeURIComponent(token)}`), retry: false, refetchOnWindowFocus: true });
