/** TanStack Query keys of /lista-contatos. Tables live under the parties' key, so a party change anywhere refetches them. */
export const crmContactKeys = {
  all: ['crm-contacts'] as const,
  /** Everything about the parties (a change to a person or organization), the platform's key. */
  parties: ['parties'] as const,
  tables: (entity: 'people' | 'organizations') => ['parties', 'crm-table', entity] as const,
  table: (entity: 'people' | 'organizations', params: string) => ['parties', 'crm-table', entity, params] as const,
  lists: ['crm-contacts', 'lists'] as const,
  segments: ['crm-contacts', 'segments'] as const,
  imports: ['crm-contacts', 'imports'] as const,
  import: (id: string) => ['crm-contacts', 'imports', id] as const,
  owners: ['crm-contacts', 'owners'] as const,
};
