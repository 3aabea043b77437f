import { LIVE_COMPANY_ROOTS } from '../../../lib/session/live-keys.ts';

/** The ledger list's filters (part of its query key). */
export type LedgerFilters = { kind: string; from: string; to: string };

/** TanStack Query keys of billing. Everything under `all` follows the company's balance. */
export const billingKeys = {
  all: LIVE_COMPANY_ROOTS.billing,
  summary: ['billing', 'summary'] as const,
  payments: ['billing', 'payments'] as const,
  ledger: (filters: LedgerFilters) => ['billing', 'ledger', filters] as const,
  sandboxPayment: (id: string) => ['billing', 'sandbox-payment', id] as const,
  // Not under 'billing': the mode never changes with the company, so live events leave it alone.
  mode: ['billing-mode'] as const,
};
