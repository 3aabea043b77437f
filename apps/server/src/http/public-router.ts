import { Hono, type MiddlewareHandler } from 'hono';
import { rateLimits } from '../platform/rate-limits.ts';
import type { Services } from '../services.ts';
import { addressLimiter, type RateRule } from './rate-limit.ts';

/**
 * The router of a page opened by a link, without a session (decisions 0331, 0392): its answers hold
 * a token's data, so none is kept by a browser or a proxy; `limited('viewPerIp')` counts the
 * address against that rule of `rules` (in PostgreSQL, under `<scope>:<rule>`) before anything of
 * the request is read, and answers 429 with Retry-After past it.
 */
export function publicRouter<Rules extends Record<string, RateRule>>(s: Services, scope: string, rules: Rules) {
  const limit = addressLimiter(rateLimits(s), scope);
  const r = new Hono();
  r.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  });
  const limited =
    (rule: keyof Rules & string): MiddlewareHandler =>
    async (c, next) => {
      await limit(c, rule, rules[rule]!);
      await next();
    };
  return { r, limited };
}
