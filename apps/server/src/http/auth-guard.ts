import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientAddressKey } from '../platform/net/addresses.ts';
import { authSecret } from '../platform/secret.ts';
import type { Services } from '../services.ts';
import { portugueseAuthSuccess } from './auth-bad-request.ts';
import { accountRule, ADDRESS_RULES, emailOf, rateLimitedResponse, type RateRule } from './rate-limit.ts';
import { rateLimits } from '../platform/rate-limits.ts';
import { createDeviceTrust } from './trusted-device.ts';

/** What the /api/auth route does after better-auth answered (add the device cookie, translate). */
type Finish = (res: Response) => Promise<Response>;

/**
 * Our checks around better-auth's routes (decisions 0078, 0353), before its own per-address
 * limits: per account (by e-mail) on sign-in and reset, per address on sign-up (invitees whose
 * link proves their e-mail excepted). A sign-in from a browser that signed in to that account
 * before is counted on that browser alone, so a locked account still opens for its owner; a
 * successful sign-in makes the browser known. Returns the 429 to answer, or what to do with
 * better-auth's answer.
 */
export function createAuthGuard(s: Services) {
  const limits = rateLimits(s);
  const devices = createDeviceTrust(authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET), s.cfg.appUrl.startsWith('https:'));
  const refusal = async (key: string, rule: RateRule) => {
    const d = await limits.consume(key, rule);
    return d.allowed ? null : rateLimitedResponse(d.retryAfter ?? rule.window);
  };
  const provesEmail = async (body: unknown, email: string) => {
    const invitedToken = (body as { invitedToken?: unknown } | null)?.invitedToken;
    if (typeof invitedToken !== 'string') return false;
    for (const proves of s.authHooks.signUpProvesEmail) if (await proves({ email, invitedToken })) return true;
    return false;
  };

  return async function guard(c: Context, path: string): Promise<Response | Finish> {
    const translate: Finish = async (res) => portugueseAuthSuccess(path, res);
    if (c.req.method !== 'POST' || !(ADDRESS_RULES[path] || accountRule(path))) return translate;
    const body = await c.req.raw.clone().json().catch(() => null);
    const email = emailOf(body);
    const on = s.cfg.AUTH_RATE_LIMIT === 'on';
    if (path === '/sign-in/email' && email) {
      const device = await devices.knownDevice(c, email);
      const rule = accountRule(path)!;
      const refused = on && (await refusal(device ? `account:${rule.name}:${email}:device:${device}` : `account:${rule.name}:${email}`, rule));
      if (refused) return refused;
      return async (res) => {
        if (res.status !== 200) return res;
        const out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
        out.headers.append('set-cookie', await devices.remember(c, email));
        return out;
      };
    }
    if (!on) return translate;
    const addressRule = ADDRESS_RULES[path];
    if (addressRule && !(email && (await provesEmail(body, email)))) {
      const refused = await refusal(`address:${addressRule.name}:${clientAddressKey(getConnInfo(c).remote.address ?? 'unknown')}`, addressRule);
      if (refused) return refused;
    }
    const rule = accountRule(path);
    if (rule && email) {
      const refused = await refusal(`account:${rule.name}:${email}`, rule);
      if (refused) return refused;
    }
    return translate;
  };
}
