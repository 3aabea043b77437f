import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupportOperatorTicket } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';
import { supportKeys, type OperatorFilters } from './keys.ts';

export const useOperatorTickets = (filters: OperatorFilters, enabled: boolean) =>
  useQuery({
    queryKey: supportKeys.operatorTickets(filters),
    queryFn: async () => {
      const q = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
      return (await api<{ tickets: SupportOperatorTicket[] }>(`/support/operator/tickets?${q}`)).tickets;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
