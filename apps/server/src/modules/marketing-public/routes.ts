import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { publicDecisionSchema } from '@sede/shared/marketing/review';
import { AppError, parseWith, readJson } from '../../http/errors.ts';
import { rateLimitMessage, type RateRule } from '../../http/rate-limit.ts';
import { rateLimits } from '../../platform/rate-limits.ts';
import type { Services } from '../../services.ts';
import { decideByClient, publicApproval } from '../marketing/public.ts';

/**
 * Rate limits of the approval link's page (decision 0331), kept in PostgreSQL like the widget's:
 * per address, so guessing tokens or flooding decisions is refused with a 429. The address only
 * keys the counter; it is never stored with a decision.
 */
export const APPROVAL_RULES = {
  viewPerIp: { window: 60, max: 60 },
  decidePerIp: { window: 600, max: 10 },
} satisfies Record<string, RateRule>;

/**
 * /api/public/marketing/approvals/:token — a client approves a creative without an account
 * (issue 18; decisions 0331, 0332). No session: the company and the piece come from the token.
 */
export function marketingPublicRoutes(s: Services) {
  const limits = rateLimits(s);
  const ip = (c: Context) => getConnInfo(c).remote.address ?? 'unknown';
  const limit = async (c: Context, name: string, rule: RateRule) => {
    const d = await limits.consume(`marketing-approval:${name}:${ip(c)}`, rule);
    if (!d.allowed) {
      const wait = d.retryAfter ?? rule.window;
      c.header('retry-after', String(wait));
      throw new AppError(429, 'RATE_LIMITED', rateLimitMessage(wait), { retryAfter: wait });
    }
  };

  const r = new Hono();
  r.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  });
  r.get('/approvals/:token', async (c) => {
    await limit(c, 'view', APPROVAL_RULES.viewPerIp);
    return c.json(await publicApproval(s, c.req.param('token')));
  });
  r.post('/approvals/:token/decision', async (c) => {
    await limit(c, 'decide', APPROVAL_RULES.decidePerIp);
    const input = parseWith(publicDecisionSchema, await readJson(c));
    return c.json(await decideByClient(s, c.req.param('token'), input), 201);
  });
  return r;
}
