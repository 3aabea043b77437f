import { DEPARTMENTS } from '@sede/shared/departments';
import { Hono } from 'hono';
import { areaRouter } from '../../http/area-router.ts';
import type { Services } from '../../services.ts';

/**
 * The placeholder overview of each department (`GET /api/departments/<key>/summary`), behind
 * the department's permission, until the areas bring their own modules. No catch-all: an area
 * module mounted under /departments/<key>/… is never shadowed.
 */
export function departmentRoutes(s: Services) {
  const app = new Hono();
  for (const dept of DEPARTMENTS) {
    const router = areaRouter(s, dept.guard);
    router.get('/summary', (c) => c.json({ department: dept.key, companyId: c.get('tenant').companyId, items: [] }));
    app.route(`/${dept.key}`, router);
  }
  return app;
}
