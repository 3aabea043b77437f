// The one CNPJ lookup of a running server, built from the configuration at start: providers in
// the order of CNPJ_PROVIDERS, their base URLs, the timeout and the PostgreSQL cache. One
// instance matters: it holds the in-flight dedupe and each provider's rate-limit state.
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { createCnpjLookup, type CnpjLookup } from './lookup-service.ts';
import { createPgCnpjCache } from './pg-cache.ts';
import { createMemoryFrontCache } from './memory-cache.ts';
import { AppError } from '../../http/errors.ts';
import { COMPANY_MESSAGES } from '@sede/shared/company';
import type { LookupResult, NormalizedCompany } from './types.ts';
import { fromLocalRecord, localCnpjSource } from './local-source.ts';

export function parseProviderList(value: string): string[] {
  return value.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean);
}

export function cnpjLookupFor(s: Services): CnpjLookup {
  return serverState(s, 'cnpj.lookup', () => {
    const { cfg } = s;
    return createCnpjLookup({
      providers: parseProviderList(cfg.CNPJ_PROVIDERS),
      baseUrls: {
        brasilapi: cfg.BRASILAPI_URL,
        minhareceita: cfg.MINHARECEITA_URL,
        receitaws: cfg.RECEITAWS_URL,
        cnpjws: cfg.CNPJWS_URL,
        cnpja: cfg.CNPJA_URL,
      },
      timeoutMs: cfg.CNPJ_TIMEOUT_MS,
      // The imported Receita open data first (decision 0243); the providers only for what it lacks.
      local: async (cnpj) => {
        const record = (await localCnpjSource(s)?.(cnpj)) ?? null;
        return record ? fromLocalRecord(record) : null;
      },
      cache: createMemoryFrontCache(createPgCnpjCache(s.pool, cfg.CNPJ_CACHE_DAYS, s.clock), {
        ttlMs: Math.min(5 * 60_000, cfg.CNPJ_CACHE_DAYS * 86_400_000),
        now: s.clock.now,
      }),
    });
  });
}

/** A lookup answer as the API speaks it: the record, or the §8 error for the case. */
export function foundOrThrow(result: LookupResult): NormalizedCompany {
  switch (result.status) {
    case 'found':
      return result.company;
    case 'not_found':
      throw new AppError(404, 'CNPJ_NOT_FOUND', COMPANY_MESSAGES.notFound, { description: COMPANY_MESSAGES.notFoundDescription });
    case 'invalid':
      throw new AppError(400, 'VALIDATION_ERROR', result.message);
    case 'error':
      // Every provider failed: the search failed, which says nothing about the company existing.
      throw new AppError(502, result.reason === 'rate_limited' ? 'CNPJ_RATE_LIMITED' : 'CNPJ_LOOKUP_FAILED', COMPANY_MESSAGES.searchError, {
        description: result.message || COMPANY_MESSAGES.searchErrorDescription,
      });
  }
}
