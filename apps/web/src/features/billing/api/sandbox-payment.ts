import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxPayment } from '@sede/shared/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

/** The offline sandbox's payment page (Modo de teste): read, confirm or cancel a payment. */
export type { SandboxPayment };

export const sandboxPaymentKey = billingKeys.sandboxPayment;

export const getSandboxPayment = (id: string) => api<SandboxPayment>(`/billing/sandbox/payments/${encodeURIComponent(id)}`);

export const sandboxPaymentQueryOptions = (id: string) => queryOptions({ queryKey: sandboxPaymentKey(id), queryFn: () => getSandboxPayment(id), staleTime: 0 });

export const useSandboxPayment = (id: string | null) => useQuery({ ...sandboxPaymentQueryOptions(id ?? ''), enabled: Boolean(id) });

export const confirmSandboxPayment = (id: string) =>
  api<{ status: 'paid' | 'scheduled'; alreadyDone: boolean }>(`/billing/sandbox/payments/${encodeURIComponent(id)}/confirm`, { method: 'POST' });

export const cancelSandboxPayment = (id: string) => api<{ status: string }>(`/billing/sandbox/payments/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

function useInvalidateBilling() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

export const useConfirmSandboxPayment = () => {
  const invalidate = useInvalidateBilling();
  return useMutation({ mutationFn: confirmSandboxPayment, retry: false, onSettled: invalidate });
};

export const useCancelSandboxPayment = () => {
  const invalidate = useInvalidateBilling();
  return useMutation({ mutationFn: cancelSandboxPayment, retry: false, onSettled: invalidate });
};
