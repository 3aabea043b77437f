/** TanStack Query keys of Jurídico. */
export type ContractFilters = { q?: string; status?: string; endingWithinDays?: string };

export const legalKeys = {
  all: ['juridico'] as const,
  contracts: ['juridico', 'contracts'] as const,
  contractList: (filters: ContractFilters) => ['juridico', 'contracts', 'list', filters] as const,
  contract: (id: string) => ['juridico', 'contracts', 'one', id] as const,
  analyses: (contractId: string) => ['juridico', 'contracts', 'one', contractId, 'analyses'] as const,
  compare: (contractId: string, a: string, b: string) => ['juridico', 'contracts', 'one', contractId, 'compare', a, b] as const,
};
