/** TanStack Query keys of the finance area. */
export type EntryFilters = Record<string, string | undefined>;

export const financeKeys = {
  all: ['finance'] as const,
  registers: ['finance', 'registers'] as const,
  entries: ['finance', 'entries'] as const,
  entryList: (filters: EntryFilters) => ['finance', 'entries', 'list', filters] as const,
  entry: (id: string) => ['finance', 'entries', 'one', id] as const,
  pixKeys: ['finance', 'pix-keys'] as const,
  charge: (entryId: string) => ['finance', 'charge', entryId] as const,
};
