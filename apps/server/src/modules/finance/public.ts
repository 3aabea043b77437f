/**
 * What other modules use of finance (reconciliation, reports): create an entry, settle one, make
 * sure the default chart exists. Inputs are validated with the same shared schemas as the API
 * (a bad one is a 400 AppError in Portuguese).
 */
import { entryCreateSchema, paymentCreateSchema, type EntryCreateInput, type FinEntry, type FinEntryDetail, type FinPayment } from '@sede/shared/finance/entries';
import { parseWith } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';
import { createEntry as create, settleEntry as settle, type SettleInput } from './entries.ts';

export { getEntry } from './entries.ts';
// The public API (modules/api-v1, decision 0641) lists and edits the same entries.
export { listEntries, updateEntry } from './entries.ts';
export { ensureDefaultChart } from './registers.ts';
export type { SettleInput };

/** One entry, installments or a recurrence (defaults: à vista, no recurrence); answers the created entries. */
export const createEntry = async (tenant: Tenant, input: EntryCreateInput): Promise<FinEntry[]> => create(tenant, parseWith(entryCreateSchema, input));

/** A payment (whole or partial) of an open entry on an account and date. */
export async function settleEntry(tenant: Tenant, input: SettleInput): Promise<{ payment: FinPayment; entry: FinEntryDetail }> {
  const { entryId, ...payment } = input;
  return settle(tenant, { entryId, ...parseWith(paymentCreateSchema, payment) });
}
export { financeReaders } from './alerts.ts';
