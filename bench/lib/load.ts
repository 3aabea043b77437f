import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p99: number; total: number; non2xx: number; errors: number };

/** autocannon against one URL (loopback), bounded by `duration` seconds. */
export async function load(url: string, opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const r = await autocannon({ url, connections: opts.connections ?? 50, duration: opts.duration ?? 10, headers: opts.headers, timeout: 10 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
