// autocannon ships no types and @types/autocannon is not installed: the part we use.
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    pipelining?: number;
    timeout?: number;
    /** Each request built anew by `setupRequest` (e.g. a path of its own). */
    requests?: Array<{ setupRequest?: (req: { path?: string; headers?: Record<string, string> }) => { path?: string; headers?: Record<string, string> } }>;
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { p97_5: number; p99_9: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  };
  function autocannon(options: Options): Promise<Result> & { stop?: () => void };
  export default autocannon;
  export type { Options, Result };
}
