import type { Context } from 'hono';
import { requireApiKey, requireKeyPermission, type ApiKeyEnv } from '../../http/api-key.ts';
import { computePermissions } from '@sede/shared/permissions';
import type { Viewer } from '../../platform/viewer.ts';
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

/**
 * The key as the person the services' visibility checks take (decision 0646): its creator, with
 * their role in the key's company. A route has already checked the key's own permission, so the key
 * sees what both allow, never more than its creator.
 */
export function keyViewer(c: Context<ApiKeyEnv>): Viewer {
  const key = c.get('apiKey');
  return {
    user: { id: key.createdBy ?? '', email: '', emailVerified: true, firstName: key.name, lastName: '', image: null },
    profile: null,
    company: null,
    membership: key.membership,
    permissions: computePermissions(key.membership),
  };
}
