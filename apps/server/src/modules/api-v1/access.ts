import type { Context } from 'hono';
import { requireApiKey, requireKeyPermission, type ApiKeyEnv } from '../../http/api-key.ts';
import type { Services } from '../../services.ts';
import { idempotency } from './idempotency.ts';
import type { PublicApiPermission } from './permissions.ts';

/**
 * The guards of a public API route (decision 0641): the key (401), the permission it must hold
 * (403), and on a POST the Idempotency-Key (decision 0642). `read`/`write` name the permission.
 */
export function v1Access(s: Services) {
  const key = requireApiKey(s);
  const once = idempotency(s);
  return {
    key,
    once,
    read: (...p: [PublicApiPermission, ...PublicApiPermission[]]) => [key, requireKeyPermission(...p)] as const,
    write: (...p: [PublicApiPermission, ...PublicApiPermission[]]) => [key, requireKeyPermission(...p), once] as const,
  };
}
export type V1Access = ReturnType<typeof v1Access>;

/** The key's tenant: its company, its creator as author, the key as the actor. */
export const tenant = (c: Context<ApiKeyEnv>) => c.get('tenant');
