/**
 * The server's clock (decision 0434): what decides that something expired reads it, so a test
 * moves time forward instead of sleeping through an expiry. `Date.now` in production.
 */
export type Clock = { now(): number };
export const systemClock: Clock = { now: () => Date.now() };
