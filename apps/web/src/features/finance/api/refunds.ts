import { useQuery } from '@tanstack/react-query';
import type { EntryRefunds, Refund, RefundInput } from '@sede/shared/finance/refunds';
import { api } from '../../../lib/api-client.ts';

/** A receivable's refunds (decisions 0600, 0601), whichever provider received it. */
export const refundKeys = { entry: (entryId: string) => ['finance', 'refunds', entryId] as const };

/** While a refund is in progress the list is asked again (the server asks the provider first), so it ends on its own. */
export const useEntryRefunds = (entryId: string | null) =>
  useQuery({
    queryKey: refundKeys.entry(entryId ?? ''),
    queryFn: () => api<EntryRefunds>(`/finance/pix-api/entries/${entryId}/refunds`),
    enabled: !!entryId,
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'pending') ? 5000 : false),
  });
export const requestRefund = (entryId: string, input: RefundInput) => api<Refund>(`/finance/pix-api/entries/${entryId}/refunds`, { method: 'POST', json: input });
