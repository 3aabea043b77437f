// Company lookup by CNPJ: cache, then the providers in order, with timeouts, fallbacks,
// per-provider backoff after a 429 and a local budget so we never exceed a provider's limit.
// A rate-limited or exhausted provider is skipped, never waited for, and the whole lookup has
// one deadline (DEFAULT_DEADLINE_MS): a person always gets an answer within a few seconds.
import { CNPJ_MESSAGES, cnpjHasLetters, isValidCnpj, normalizeCnpjInput } from '@sede/shared/cnpj';
import { DEFAULT_PROVIDER_ORDER, getProvider } from './providers/registry.ts';
import type { CnpjCache, CnpjProvider, LookupResult, NormalizedCompany, ProviderOutcome } from './types.ts';

export type { CnpjCache, LookupResult } from './types.ts';

export const LOOKUP_ERROR_MESSAGE = 'Não foi possível buscar os dados da empresa';
export const LOOKUP_RATE_LIMITED_MESSAGE =
  'As fontes de consulta da Receita Federal receberam muitas buscas seguidas. Aguarde alguns segundos e tente novamente.';
export const DEFAULT_BACKOFF_MS = 60_000;
/** The whole lookup (cache read, every provider asked, cache write) ends within this. */
export const DEFAULT_DEADLINE_MS = 4000;
/** The local data's read: a primary-key lookup; slower than this, the providers are asked. */
const LOCAL_MS = 1000;
/** Below this much time left, no further provider is asked. */
const MIN_PROVIDER_MS = 100;

export type CnpjLookupOptions = {
  /** Provider keys in the order they are asked. */
  providers?: string[];
  /** Base URL per provider key; a missing one uses the provider's public URL. */
  baseUrls?: Record<string, string>;
  /** Per provider; never more than what is left of the deadline. */
  timeoutMs?: number;
  /** The whole lookup's deadline (real time, whatever `now` says). */
  deadlineMs?: number;
  cache: CnpjCache;
  /**
   * Read before the cache and the providers (decision 0243): the imported Receita open data. A
   * record found there is the answer and no provider is asked; null (not imported, or the CNPJ
   * is not there), an error or a slow read fall through to the cache and the providers.
   */
  local?: (cnpj: string) => Promise<NormalizedCompany | null>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Overrides the providers' known requests-per-minute limits. */
  requestsPerMinute?: Record<string, number>;
};

export type CnpjLookup = {
  /** `fresh`: skip the cache read (the answer still refreshes the cache). */
  lookup(cnpj: string, options?: { fresh?: boolean }): Promise<LookupResult>;
  /** The record when an in-process cache holds it (synchronous, no I/O); else null. */
  cached(cnpj: string): NormalizedCompany | null;
};

/** Token bucket refilled continuously: `perMinute` tokens per 60 s, burst of `perMinute`. */
function createBucket(perMinute: number, now: () => number) {
  let tokens = perMinute;
  let last = now();
  return {
    take(): boolean {
      if (perMinute === Infinity) return true;
      const t = now();
      tokens = Math.min(perMinute, tokens + ((t - last) * perMinute) / 60_000);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** `Retry-After` as seconds or an HTTP date. */
function retryAfterHeader(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  return ms > 0 ? ms : undefined;
}

/** The promise's value, or `fallback` once `ms` have passed (the promise is left to settle alone). */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, ms));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const unavailable = (): LookupResult => ({ status: 'error', reason: 'unavailable', message: LOOKUP_ERROR_MESSAGE });

export function createCnpjLookup(options: CnpjLookupOptions): CnpjLookup {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 4000;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const providers = (options.providers ?? DEFAULT_PROVIDER_ORDER).map((name) => {
    const provider = getProvider(name);
    const perMinute = options.requestsPerMinute?.[name] ?? provider.requestsPerMinute;
    const base = options.baseUrls?.[name] ?? provider.defaultBaseUrl;
    return { provider, base, bucket: createBucket(perMinute, now), blockedUntil: 0 };
  });
  const inFlight = new Map<string, Promise<LookupResult>>();

  async function ask(provider: CnpjProvider, base: string, cnpj: string, limitMs: number): Promise<ProviderOutcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limitMs);
    try {
      const res = await fetchImpl(provider.url(base, cnpj), {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      const body = await res.text();
      const outcome = provider.parse(res.status, res.headers.get('content-type'), body, now());
      if (outcome.kind === 'rate_limited' && outcome.retryAfterMs === undefined) {
        return { kind: 'rate_limited', retryAfterMs: retryAfterHeader(res.headers.get('retry-after'), now()) };
      }
      if (outcome.kind === 'found' && outcome.record.cnpj !== cnpj) return { kind: 'failed', reason: 'answered another CNPJ' };
      return outcome;
    } catch (err) {
      const reason = controller.signal.aborted ? 'timeout' : `request failed: ${(err as Error).message}`;
      return { kind: 'failed', reason };
    } finally {
      clearTimeout(timer);
    }
  }

  async function run(cnpj: string, fresh: boolean, endsAt: number): Promise<LookupResult> {
    const left = () => endsAt - Date.now();
    // Our own copies first: the cache (a memory read when hot), then the imported register;
    // only what neither has goes to the providers (decision 0243).
    const cached = fresh ? null : await within(options.cache.get(cnpj).catch(() => null), left(), null);
    if (cached) return { status: 'found', company: cached };
    if (options.local) {
      const local = await within(options.local(cnpj).catch(() => null), Math.min(LOCAL_MS, left()), null);
      if (local) return { status: 'found', company: local };
    }

    const hasLetters = cnpjHasLetters(cnpj);
    let notFound = false;
    let failed = false;
    let rateLimited = false;
    for (const state of providers) {
      const { provider } = state;
      if (hasLetters && !provider.acceptsLetters) continue;
      // Backing off after a 429, or out of local budget: skip as if rate limited, never wait.
      if (now() < state.blockedUntil || !state.bucket.take()) {
        rateLimited = true;
        continue;
      }
      if (left() < MIN_PROVIDER_MS) {
        failed = true; // out of time: this provider counts as not reached
        break;
      }

      const outcome = await ask(provider, state.base, cnpj, Math.min(timeoutMs, left()));
      if (outcome.kind === 'found') {
        // A cache failure (or a slow cache) must not hide or delay a good answer.
        await within(options.cache.set(cnpj, outcome.record, provider.name).catch(() => undefined), left(), undefined);
        return { status: 'found', company: outcome.record };
      }
      // One provider's "not found" is not the last word (open-data providers lag a month).
      if (outcome.kind === 'not_found') notFound = true;
      if (outcome.kind === 'failed') failed = true;
      if (outcome.kind === 'rate_limited') {
        rateLimited = true;
        state.blockedUntil = now() + (outcome.retryAfterMs ?? DEFAULT_BACKOFF_MS);
      }
    }
    if (notFound) return { status: 'not_found' };
    // Only refusals (429 or our own budget), no failure: say so, the person can retry shortly.
    if (rateLimited && !failed) return { status: 'error', reason: 'rate_limited', message: LOOKUP_RATE_LIMITED_MESSAGE };
    return unavailable();
  }

  return {
    cached(input: string) {
      const cnpj = normalizeCnpjInput(input);
      return options.cache.peek && cnpj.length === 14 ? options.cache.peek(cnpj) : null;
    },
    lookup(input: string, { fresh = false } = {}): Promise<LookupResult> {
      const cnpj = normalizeCnpjInput(input);
      if (cnpj.length !== 14) return Promise.resolve({ status: 'invalid', message: CNPJ_MESSAGES.length });
      if (!isValidCnpj(cnpj)) return Promise.resolve({ status: 'invalid', message: CNPJ_MESSAGES.invalid });
      // Simultaneous lookups of the same CNPJ share one run (and so one provider call).
      const key = fresh ? `fresh:${cnpj}` : cnpj;
      let pending = inFlight.get(key);
      if (!pending) {
        // The deadline also bounds the run as a whole: a shared promise always settles in time.
        const endsAt = Date.now() + deadlineMs;
        pending = within(run(cnpj, fresh, endsAt).catch(unavailable), deadlineMs + 50, unavailable())
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
