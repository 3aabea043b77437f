import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { accessCheck, type Access } from '@sede/shared/permissions';
import type { AppEnv, CompanyEnv, Services } from '../services.ts';
import { forbidden, unauthenticated } from './errors.ts';

/**
 * The request's Cookie header, read from Node's own request when there is one: the Fetch
 * `Headers` of a request are built on first use and cost more than a cached viewer's answer.
 */
export function cookieHeader(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)?.incoming;
  if (!incoming) return c.req.raw.headers.get('cookie') ?? undefined;
  const value = incoming.headers.cookie;
  return Array.isArray(value) ? value.join('; ') : value;
}

/** Resolves the signed-in viewer from the session (cached, see platform/viewer.ts); 401 without one. */
export const requireViewer = (s: Services) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const cached = s.viewers.peek(cookieHeader(c)) ?? (await s.viewers.fromHeaders(c.req.raw.headers));
    if (!cached) throw unauthenticated();
    c.set('viewer', cached.viewer);
    c.set('db', s.db);
    await next();
  });

/** Sets the tenant of a request whose viewer is a member of a company; refuses one who is not. */
function enterCompany(c: Context<CompanyEnv>) {
  const viewer = c.get('viewer');
  if (!viewer.company || !viewer.membership) throw forbidden('Você ainda não faz parte de uma empresa.');
  c.set('companyId', viewer.company.id);
  c.set('tenant', { db: c.get('db'), companyId: viewer.company.id, actorId: viewer.user.id });
}

/** The caller must belong to a company; its id (from the session) scopes every query. */
export const requireCompany = createMiddleware<CompanyEnv>(async (c, next) => {
  enterCompany(c);
  await next();
});

/** A spec guard key ('comercial', spec §3) or a permission by action ('sales.export'). */
export type { Access };

/**
 * The one permission check every department API goes through: the viewer's membership of
 * their own company must open at least one of the keys. Decided on every request.
 */
export const requirePermission = (...keys: Access[]) => {
  // A guard key reads the spec's flags; a permission by action reads the membership's grants
  // (packages/shared/src/registry).
  const allowed = accessCheck(keys);
  return createMiddleware<CompanyEnv>(async (c, next) => {
    enterCompany(c);
    const viewer = c.get('viewer');
    if (!allowed(viewer.permissions, viewer.membership)) throw forbidden();
    await next();
  });
};

export const requireAdmin = requirePermission('admin');
