/** TanStack Query keys of the customer-service inbox (/atendimento). */
export type ConversationFilters = { status?: string; scope: string };

export const inboxKeys = {
  all: ['inbox'] as const,
  conversations: ['inbox', 'conversations'] as const,
  list: (f: ConversationFilters) => ['inbox', 'conversations', 'list', f] as const,
  conversation: (id: string) => ['inbox', 'conversations', 'one', id] as const,
  canned: ['inbox', 'canned'] as const,
  settings: ['inbox', 'settings'] as const,
  blockedSites: ['inbox', 'blocked-sites'] as const,
  whatsapp: ['inbox', 'whatsapp'] as const,
  whatsappTemplates: ['inbox', 'whatsapp', 'templates'] as const,
  people: (q: string) => ['inbox', 'people', q] as const,
  person: (id: string) => ['inbox', 'person', id] as const,
};
