/** TanStack Query keys of the prospecting pages. */
export const prospectingKeys = {
  all: ['prospecting'] as const,
  status: ['prospecting', 'status'] as const,
  search: (query: string) => ['prospecting', 'search', query] as const,
  company: (cnpj: string) => ['prospecting', 'company', cnpj] as const,
  cnaes: (q: string) => ['prospecting', 'cnaes', q] as const,
  deepSearch: (cnpj: string) => ['prospecting', 'deep-search', cnpj] as const,
  providerLookup: (cnpj: string) => ['prospecting', 'provider-lookup', cnpj] as const,
  municipios: (q: string, uf: string) => ['prospecting', 'municipios', q, uf] as const,
  contacts: (cnpjs: string) => ['prospecting', 'contacts', cnpjs] as const,
  quote: (selection: string) => ['prospecting', 'quote', selection] as const,
  savedSearches: ['prospecting', 'saved-searches'] as const,
  crmLists: ['prospecting', 'crm-lists'] as const,
};
