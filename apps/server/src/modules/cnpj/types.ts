import type { NormalizedCompany } from '@sede/shared/cnpj';

export type { NormalizedCompany };

/** What one provider answer means, whatever its HTTP shape. */
export type ProviderOutcome =
  | { kind: 'found'; record: NormalizedCompany }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export type CnpjProvider = {
  /** Provider key, also written to `api_used`. */
  name: string;
  /** Whether it can be asked for an alphanumeric CNPJ. */
  acceptsLetters: boolean;
  defaultBaseUrl: string;
  /** Local budget so this server never exceeds the provider's limit (Infinity: none). */
  requestsPerMinute: number;
  url(base: string, cnpj: string): string;
  /** `now` (ms) is only used to turn an absolute "retry at" date into a wait. */
  parse(status: number, contentType: string | null, bodyText: string, now?: number): ProviderOutcome;
};

export type CnpjCache = {
  get(cnpj: string): Promise<NormalizedCompany | null>;
  /** Optional synchronous read of an in-process copy (no I/O); null when there is none. */
  peek?(cnpj: string): NormalizedCompany | null;
  set(cnpj: string, record: NormalizedCompany, provider: string): Promise<void>;
};

export type LookupResult =
  | { status: 'found'; company: NormalizedCompany }
  | { status: 'not_found' }
  | { status: 'invalid'; message: string }
  /** `unavailable`: providers failed or did not answer in time; `rate_limited`: they only refused (429, budget). */
  | { status: 'error'; reason: 'unavailable' | 'rate_limited'; message: string };
