import { Hono } from 'hono';
import type { GuardKey } from '@sede/shared/permissions';
import { DEPARTMENTS } from '@sede/shared/departments';
import type { AppEnv, Services } from '../../services.ts';
import { requirePermission, requireViewer } from '../../http/middleware.ts';
import { notFound } from '../../http/errors.ts';

/**
 * Department APIs. Each department is mounted behind the one permission middleware with its
 * own key; later department endpoints are added inside `departmentRouter` and inherit it.
 */
export function departmentRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));
  for (const dept of DEPARTMENTS) {
    app.route(`/${dept.key}`, departmentRouter(s, dept.key, dept.guard));
  }
  app.all('*', () => {
    throw notFound('Departamento não encontrado');
  });
  return app;
}

function departmentRouter(_s: Services, key: string, guard: GuardKey) {
  const router = new Hono<AppEnv>();
  router.use('*', requirePermission(guard));
  // The department's overview. Its contents arrive with the department's own issue; for now
  // it answers honestly that there is nothing yet, scoped to the caller's company.
  router.get('/summary', (c) => c.json({ department: key, companyId: c.get('companyId'), items: [] }));
  return router;
}
