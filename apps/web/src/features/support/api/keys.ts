/** TanStack Query keys of /suporte. */
export type OperatorFilters = { status?: string; q?: string };

export const supportKeys = {
  all: ['support'] as const,
  me: ['support', 'me'] as const,
  tickets: ['support', 'tickets'] as const,
  ticket: (id: string) => ['support', 'tickets', id] as const,
  operator: ['support', 'operator'] as const,
  operatorTickets: (filters: OperatorFilters) => ['support', 'operator', 'list', filters] as const,
  operatorTicket: (id: string) => ['support', 'operator', 'one', id] as const,
};
