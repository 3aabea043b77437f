/** TanStack Query keys of electronic signature. */
export const esignKeys = {
  envelopes: ['esign', 'envelopes'] as const,
  envelopeList: (filters: { status?: string; q?: string }) => ['esign', 'envelopes', 'list', filters] as const,
  envelope: (id: string) => ['esign', 'envelopes', 'one', id] as const,
  templates: ['esign', 'templates'] as const,
  template: (id: string) => ['esign', 'templates', 'one', id] as const,
  signing: (token: string) => ['esign', 'signing', token] as const,
  verification: (by: string, value: string) => ['esign', 'verification', by, value] as const,
};
