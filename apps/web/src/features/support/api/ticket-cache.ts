import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/** After a change the server answers with the ticket: the answer becomes the ticket's cache, and the list is read again. */
export function useTicketAnswer(ticketKey: QueryKey, listKey: QueryKey) {
  const qc = useQueryClient();
  return (ticket: unknown) => {
    qc.setQueryData(ticketKey, ticket);
    return qc.invalidateQueries({ queryKey: listKey });
  };
}
