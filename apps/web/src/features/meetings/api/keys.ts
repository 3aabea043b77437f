/** TanStack Query keys of the meetings' analysis. */
export const meetingKeys = {
  all: ['meetings'] as const,
  list: (dealId: string) => ['meetings', 'list', dealId] as const,
  meeting: (id: string) => ['meetings', 'one', id] as const,
  analyses: (id: string) => ['meetings', 'one', id, 'analyses'] as const,
  dealOptions: ['meetings', 'deals'] as const,
  deals: (q: string) => ['meetings', 'deals', q] as const,
};
