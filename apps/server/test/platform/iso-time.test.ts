import { describe, expect, it } from 'vitest';
import { isoFromEpoch, isoFromMs } from '../../src/platform/iso-time.ts';

/** The API's instants written from epoch values (decision 0747): the text toISOString gives, the millisecond truncated. */
describe('isoFromMs / isoFromEpoch', () => {
  it('writes what toISOString writes, in and across days, before 1970 and past 9999', () => {
    const instants = [0, 1, 999, 86_399_999, 86_400_000, -1, -86_400_001, 951_782_400_000, 1_709_164_800_000, 4_102_444_799_999, 253_402_300_800_000, -62_198_755_200_001];
    let x = 1_796_436_328_836;
    for (let i = 0; i < 5000; i++) {
      // Neighbouring instants (the same day's cache) and far ones (a new day each time).
      x += i % 7 === 0 ? 86_400_000 * 37 + 12_345 : 1013;
      instants.push(x, -x);
    }
    for (const ms of instants) expect(isoFromMs(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('reads PostgreSQL epoch seconds to the microsecond and truncates to the millisecond', () => {
    // 2025-03-04 05:06:07.891234+00 and its neighbours at the edge of a millisecond.
    const base = Date.UTC(2025, 2, 4, 5, 6, 7);
    for (const [micros, ms] of [
      [891_234, 891],
      [891_999, 891],
      [892_000, 892],
      [0, 0],
      [999_999, 999],
    ] as const) {
      const seconds = base / 1000 + micros / 1e6;
      expect(isoFromEpoch(seconds), String(micros)).toBe(new Date(base + ms).toISOString());
    }
    // Every microsecond of a second around now, as PostgreSQL's double would carry it.
    const now = Date.UTC(2026, 11, 6, 2, 5, 28);
    for (let us = 0; us < 1_000_000; us += 997) expect(isoFromEpoch((now * 1000 + us) / 1e6)).toBe(new Date(now + Math.floor(us / 1000)).toISOString());
  });
});
