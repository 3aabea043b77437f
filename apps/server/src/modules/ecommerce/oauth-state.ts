import { createHmac, timingSafeEqual } from 'node:crypto';
import { ECOMMERCE_MESSAGES as M, type Provider } from '@sede/shared/ecommerce/schemas';
import { badRequest } from '../../http/errors.ts';
import { derivedKey } from '../../platform/secret-box.ts';
import type { Services, Tenant } from '../../services.ts';

/** How long a person has to approve the app at the store (decision 0681). */
export const STATE_TTL_MS = 30 * 60_000;

type State = { c: string; u: string; p: Provider; e: number };

const mac = (s: Services, body: string) => createHmac('sha256', derivedKey(s, 'ecommerce-oauth')).update(body).digest('base64url');

/** The OAuth `state`: the company, the person and the provider, signed with a key of the server's, for 30 minutes. No table needed. */
export function signState(s: Services, t: Tenant, provider: Provider, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ c: t.companyId, u: t.actorId, p: provider, e: now + STATE_TTL_MS } satisfies State)).toString('base64url');
  return `${body}.${mac(s, body)}`;
}

/** The state back from the store: signed by us, not expired, and of this company, person and provider; else a 400. */
export function checkState(s: Services, t: Tenant, provider: Provider, state: string, now = Date.now()): void {
  const [body, sig] = state.split('.');
  const expected = body ? mac(s, body) : '';
  if (!body || !sig || sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) throw badRequest(M.badState, 'ECOMMERCE_BAD_STATE');
  let v: Partial<State>;
  try {
    v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<State>;
  } catch {
    throw badRequest(M.badState, 'ECOMMERCE_BAD_STATE');
  }
  if (v.c !== t.companyId || v.u !== t.actorId || v.p !== provider || typeof v.e !== 'number' || v.e < now) throw badRequest(M.badState, 'ECOMMERCE_BAD_STATE');
}
