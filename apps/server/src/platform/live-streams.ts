import type { SSEStreamingApi } from 'hono/streaming';
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

/** /api/events: a stream counts against its session's and its user's caps. */
export const sessionCaps = (sessionKey: string, userId: string): StreamCap[] => [
  { key: `session:${sessionKey}`, max: STREAMS_PER_SESSION },
  { key: userKey(userId), max: STREAMS_PER_USER },
];

/** An evicted stream's browser waits this long before it reconnects (decision 0078). */
const EVICTED_RETRY_MS = 60 * 60 * 1000;

type LiveMessage = { event: string; data: string };

/**
 * The loop of a live SSE stream (GET /api/events, the chat widget's): `ready` first, then the
 * messages `push`ed from anywhere, in order, with a ping every 25 s, until the browser goes, the server stops,
 * or the stream `end`s (what was pushed before is written first). Counted against `caps`: when a
 * newer stream evicts it, it writes `evicted` (asking not to reconnect for an hour) and ends.
 * `run` holds the stream open and calls `cleanup` once it is over.
 */
export function liveStreamLoop(s: Services, stream: SSEStreamingApi, o: { caps: StreamCap[]; ready: LiveMessage; evicted: LiveMessage }) {
  const queue: Array<LiveMessage & { retry?: number }> = [o.ready];
  let aborted = false;
  let ending = false;
  let wake: (() => void) | null = null;
  const push = (message: LiveMessage & { retry?: number }) => {
    queue.push(message);
    wake?.();
  };
  const end = () => {
    ending = true;
    wake?.();
  };
  const stop = () => {
    aborted = true;
    wake?.();
  };
  stream.onAbort(stop);
  const streams = liveStreams(s);
  const off = streams.register(stop);
  const offLimit = streams.limitBy(o.caps, () => {
    push({ ...o.evicted, retry: EVICTED_RETRY_MS });
    end();
  });
  const run = async (cleanup: () => void) => {
    const heartbeat = setInterval(() => push({ event: 'ping', data: '{}' }), 25_000);
    try {
      while (!aborted) {
        while (queue.length) await stream.writeSSE(queue.shift()!);
        if (aborted || ending) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      clearInterval(heartbeat);
      cleanup();
      off();
      offLimit();
    }
  };
  return { push, end, run };
}
