/** TanStack Query keys of the parties (people and organizations), shared by every area's pickers. */
export const partyKeys = {
  /** Everything about parties (what a change to a person or organization invalidates). */
  all: ['parties'] as const,
  search: (kind: 'people' | 'organizations', q: string) => ['parties', kind, 'search', q] as const,
};
