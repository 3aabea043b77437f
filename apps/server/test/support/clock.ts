import type { Clock } from '../../src/platform/clock.ts';

/** A clock that stands still until the test moves it (`advance(ms)`): expiry without sleeping. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}
