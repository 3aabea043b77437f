/** TanStack Query keys of /campanhas-massa. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  audience: (id: string) => ['campaigns', 'one', id, 'audience'] as const,
  preview: (id: string, personId: string | null) => ['campaigns', 'one', id, 'preview', personId] as const,
  report: (id: string) => ['campaigns', 'one', id, 'report'] as const,
  recipients: (id: string, status: string) => ['campaigns', 'one', id, 'recipients', status] as const,
  sender: ['campaigns', 'sender'] as const,
  sources: ['campaigns', 'sources'] as const,
  whatsappTemplates: ['campaigns', 'whatsapp-templates'] as const,
  unsubscribe: (token: string) => ['campaigns', 'unsubscribe', token] as const,
};
