import type { Services } from '../services.ts';
import { serverState } from './module.ts';

export const STREAMS_PER_SESSION = 8;
export const STREAMS_PER_USER = 20;

/** Open streams per session and per user, oldest first (a Set keeps insertion order). */
type LimitedStream = { sessionKey: string; userId: string; evict: () => void };

/**
 * The live streams (GET /api/events) of one running server: every open stream, so shutdown
 * can close them, and the caps per session and per user (a new stream evicts the oldest).
 */
function createStreamRegistry() {
  const open = new Set<() => void>();
  const bySession = new Map<string, Set<LimitedStream>>();
  const byUser = new Map<string, Set<LimitedStream>>();
  const addTo = (map: Map<string, Set<LimitedStream>>, key: string, entry: LimitedStream) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(entry);
    return set;
  };
  const removeFrom = (map: Map<string, Set<LimitedStream>>, key: string, entry: LimitedStream) => {
    const set = map.get(key);
    set?.delete(entry);
    if (set?.size === 0) map.delete(key);
  };
  const forget = (entry: LimitedStream) => {
    removeFrom(bySession, entry.sessionKey, entry);
    removeFrom(byUser, entry.userId, entry);
  };
  return {
    /** Registers a stream's stop function (called on shutdown); returns its unregistration. */
    register(stop: () => void) {
      open.add(stop);
      return () => open.delete(stop);
    },
    /** Counts a stream against its session's and user's caps, evicting the oldest over them. */
    limit(sessionKey: string, userId: string, evict: () => void) {
      const entry: LimitedStream = { sessionKey, userId, evict };
      const sessionSet = addTo(bySession, sessionKey, entry);
      const userSet = addTo(byUser, userId, entry);
      for (const [set, max] of [[sessionSet, STREAMS_PER_SESSION], [userSet, STREAMS_PER_USER]] as const) {
        while (set.size > max) {
          const oldest = set.values().next().value!;
          forget(oldest);
          oldest.evict();
        }
      }
      return () => forget(entry);
    },
    /** Streams open on this server, and those counted against a user's cap (tests' sentinel). */
    size: (userId?: string) => (userId ? (byUser.get(userId)?.size ?? 0) : open.size),
    closeAll() {
      for (const stop of open) stop();
    },
  };
}

export const liveStreams = (s: Services) => serverState(s, 'platform.live-streams', createStreamRegistry);
