import { type Context, Hono } from 'hono';
import type { CompanyEnv, Services } from '../services.ts';
import { requirePermission, requireViewer, type Access } from './middleware.ts';

/**
 * The router of a department area: every route behind it has a signed-in viewer who is a
 * member of a company and holds one of `keys`, and its handlers get `c.get('tenant')`
 * ({ db, companyId, actorId }) whose company id comes from the session and cannot be undefined.
 * Actions that need more than the area's entry permission add `requirePermission(…)` per route.
 */
export function areaRouter(s: Services, ...keys: [Access, ...Access[]]) {
  const router = new Hono<CompanyEnv>();
  router.use('*', requireViewer(s), requirePermission(...keys));
  return router;
}

/** The caller's tenant in a handler behind an area's router (its company from the session). */
export const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
