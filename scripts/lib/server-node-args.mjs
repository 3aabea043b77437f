/**
 * The Node flags the production server runs with: `npm start` (scripts/start.mjs) and the bench
 * that measures that server (bench/lib/server.ts) both take them from here.
 *
 * `--max-semi-space-size=64`: the young generation may grow to 64 MB a half instead of Node 20's
 * 16 MB. A list answer allocates 200–270 KB per call; with 50 calls in flight, a 16 MB half filled
 * every ~60 calls and each scavenge copied the in-flight answers, promoting ~2 MB a time into the
 * old space (a mark-compact every few seconds). With 64 MB, scavenges are ~4× rarer and most of
 * what they find is dead: GC time per list call fell from ~170–270 µs to ~20–45 µs (decision 0747).
 * The cost is memory: up to 2 × 64 MB of young generation (its two halves) when the load asks for it.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64'];
