import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { ledgerQuerySchema, type LedgerItem } from '@sede/shared/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKeys, type LedgerFilters } from './keys.ts';

export type LedgerEntry = LedgerItem;

export type { LedgerFilters };

export const ledgerKey = billingKeys.ledger;

export function listLedger(filters: LedgerFilters, before?: number) {
  const parsed = ledgerQuerySchema.parse({ ...filters, before });
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(parsed)) if (v !== undefined) params.set(k, String(v));
  return api<{ entries: LedgerEntry[]; nextBefore: number | null }>(`/billing/ledger?${params}`);
}

export const ledgerQueryOptions = (filters: LedgerFilters) =>
  infiniteQueryOptions({
    queryKey: ledgerKey(filters),
    queryFn: ({ pageParam }) => listLedger(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    ...CACHE.dynamic,
  });

export const useLedger = (filters: LedgerFilters, enabled = true) => useInfiniteQuery({ ...ledgerQueryOptions(filters), enabled });
