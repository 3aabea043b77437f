import { createMiddleware } from 'hono/factory';
import { hasAnyPermission, type GuardKey } from '@sede/shared/permissions';
import { canAny, grantsFor, type Permission } from '@sede/shared/registry/permissions';
import type { AppEnv, Services } from '../services.ts';
import { forbidden, unauthenticated } from './errors.ts';

/** Resolves the signed-in viewer from the session (cached, see platform/viewer.ts); 401 without one. */
export const requireViewer = (s: Services) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const cached = await s.viewers.fromHeaders(c.req.raw.headers);
    if (!cached) throw unauthenticated();
    c.set('viewer', cached.viewer);
    if (cached.viewer.company) c.set('companyId', cached.viewer.company.id);
    await next();
  });

/** The caller must belong to a company; its id (from the session) scopes every query. */
export const requireCompany = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('viewer').company) throw forbidden('Você ainda não faz parte de uma empresa.');
  await next();
});

/**
 * The one permission check every department API goes through: the viewer's membership of
 * their own company must open at least one of the keys. Decided on every request.
 */
export const requirePermission = (...keys: Array<GuardKey | Permission>) => {
  // A guard key (spec §3: 'comercial') reads the spec's flags; a permission by action
  // ('comercial.export') reads the membership's grants (packages/shared/src/registry).
  const guards = keys.filter((k): k is GuardKey => !k.includes('.'));
  const actions = keys.filter((k): k is Permission => k.includes('.'));
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get('viewer');
    if (!viewer.company || !viewer.membership) throw forbidden('Você ainda não faz parte de uma empresa.');
    if (!hasAnyPermission(viewer.permissions, guards) && !canAny(grantsFor(viewer.membership), actions)) throw forbidden();
    await next();
  });
};

export const requireAdmin = requirePermission('admin');
