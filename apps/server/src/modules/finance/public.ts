/**
 * What other modules use of finance (engineer F's reconciliation, reports): create an entry,
 * settle one, make sure the default chart exists.
 */
export { createEntry, settleEntry, getEntry, type SettleInput } from './entries.ts';
export { ensureDefaultChart } from './registers.ts';
