/** What other modules may use of billing: the coin ledger and the seat count. */
export { applyCoins, insufficientCoins, type CoinEntry, type CoinResult } from '../../platform/coins/ledger.ts';
export { memberCount } from './checkout.ts';
