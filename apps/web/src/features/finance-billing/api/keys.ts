/** TanStack Query keys of billing from the CRM and the customer's money (decisions 0546–0547). */
export const billingKeys = {
  all: ['finance-billing'] as const,
  origin: (type: 'quote' | 'deal', id: string) => ['finance-billing', type, id] as const,
  customer: (kind: 'organization' | 'person', id: string) => ['finance-billing', 'customer', kind, id] as const,
};
