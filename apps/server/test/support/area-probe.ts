import { Hono } from 'hono';
import { areaAccess, AREAS } from '@sede/shared/registry/areas';
import { areaRouter } from '../../src/http/area-router.ts';
import { defineModule } from '../../src/platform/module.ts';
import type { Services } from '../../src/services.ts';

/**
 * A module for tests only: `GET /api/area-probe/<area key>/summary` behind what opens each department
 * area of the registry (its spec guard key, else `<key>.read`), answering with the caller's company.
 * The guard and tenancy tests ask it instead of an area's own endpoints, the same way for every area.
 */
export const areaProbe = defineModule({
  key: 'area-probe',
  mount: '/area-probe',
  routes: (s: Services) => {
    const app = new Hono();
    for (const area of AREAS) {
      const router = areaRouter(s, areaAccess(area));
      router.get('/summary', (c) => c.json({ area: area.key, companyId: c.get('tenant').companyId }));
      app.route(`/${area.key}`, router);
    }
    return app;
  },
});
