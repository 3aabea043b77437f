import autocannon from './autocannon.ts';

export type LoadResult = { rps: number; p50: number; p99: number; total: number; non2xx: number; errors: number };

/** autocannon against one URL (loopback), bounded by `duration` seconds; `path` gives each request a path of its own. */
export async function load(url: string, opts: { connections?: number; duration?: number; headers?: Record<string, string>; path?: () => string } = {}): Promise<LoadResult> {
  const own = opts.path;
  const requests = own ? [{ setupRequest: (req: { path?: string }) => ({ ...req, path: own() }) }] : undefined;
  const r = await autocannon({ url, connections: opts.connections ?? 50, duration: opts.duration ?? 10, headers: opts.headers, timeout: 10, ...(requests ? { requests } : {}) });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs of the same load taken at different moments as one: mean rate, the worst p50 and p99, every error. */
export function combined(runs: LoadResult[]): LoadResult {
  return {
    rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    total: runs.reduce((n, r) => n + r.total, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}
