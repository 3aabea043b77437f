import type { CnpjCache, NormalizedCompany } from '../../src/modules/cnpj/types.ts';

export type MemoryCnpjCache = CnpjCache & {
  entries: Map<string, { record: NormalizedCompany; provider: string }>;
};

/** In-memory CnpjCache for tests; `store: false` never keeps anything. */
export function memoryCnpjCache({ store = true } = {}): MemoryCnpjCache {
  const entries = new Map<string, { record: NormalizedCompany; provider: string }>();
  return {
    entries,
    async get(cnpj) {
      return entries.get(cnpj)?.record ?? null;
    },
    async set(cnpj, record, provider) {
      if (store) entries.set(cnpj, { record, provider });
    },
  };
}
