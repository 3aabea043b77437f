/** TanStack Query keys of the prospecting pages. */
export const prospectingKeys = {
  all: ['prospecting'] as const,
  status: ['prospecting', 'status'] as const,
  search: (query: string) => ['prospecting', 'search', query] as const,
  company: (cnpj: string) => ['prospecting', 'company', cnpj] as const,
  cnaes: (q: string) => ['prospecting', 'cnaes', q] as const,
  deepSearch: (cnpj: string) => ['prospecting', 'deep-search', cnpj] as const,
  providerLookup: (cnpj: string) => ['prospecting', 'provider-lookup', cnpj] as const,
};
