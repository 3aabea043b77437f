import type { Services } from '../services.ts';
import { serverState } from './module.ts';

export const STREAMS_PER_SESSION = 8;
export const STREAMS_PER_USER = 20;

/** One cap a stream counts against: at most `max` open streams share `key` on this instance. */
export type StreamCap = { key: string; max: number };

/** A stream counted against its caps, oldest first in each (a Set keeps insertion order). */
type LimitedStream = { keys: string[]; evict: () => void };

const userKey = (userId: string) => `user:${userId}`;

/**
 * The live streams of one running server (GET /api/events, the chat widget's stream): every open
 * stream, so shutdown can close them, and their caps (a new stream evicts the oldest over a cap).
 */
function createStreamRegistry() {
  const open = new Set<() => void>();
  const byKey = new Map<string, Set<LimitedStream>>();
  const forget = (entry: LimitedStream) => {
    for (const key of entry.keys) {
      const set = byKey.get(key);
      set?.delete(entry);
      if (set?.size === 0) byKey.delete(key);
    }
  };
  const limitBy = (caps: StreamCap[], evict: () => void) => {
    const entry: LimitedStream = { keys: caps.map((c) => c.key), evict };
    for (const { key, max } of caps) {
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(entry);
      while (set.size > max) {
        const oldest = set.values().next().value!;
        forget(oldest);
        oldest.evict();
      }
    }
    return () => forget(entry);
  };
  return {
    /** Registers a stream's stop function (called on shutdown); returns its unregistration. */
    register(stop: () => void) {
      open.add(stop);
      return () => open.delete(stop);
    },
    /** Counts a stream against every cap given, evicting the oldest over any of them; returns its release. */
    limitBy,
    /** /api/events: a stream counts against its session's and its user's caps. */
    limit: (sessionKey: string, userId: string, evict: () => void) =>
      limitBy(
        [
          { key: `session:${sessionKey}`, max: STREAMS_PER_SESSION },
          { key: userKey(userId), max: STREAMS_PER_USER },
        ],
        evict,
      ),
    /** Streams open on this server, and those counted against a user's cap (tests' sentinel). */
    size: (userId?: string) => (userId ? (byKey.get(userKey(userId))?.size ?? 0) : open.size),
    /** Streams counted against one cap key. */
    counted: (key: string) => byKey.get(key)?.size ?? 0,
    closeAll() {
      for (const stop of open) stop();
    },
  };
}

export const liveStreams = (s: Services) => serverState(s, 'platform.live-streams', createStreamRegistry);
