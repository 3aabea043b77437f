import { areaRouter } from '../../http/area-router.ts';
import type { Services } from '../../services.ts';
import { campaignsRoutes } from './campaigns-routes.ts';
import { calendarRoutes } from './calendar-routes.ts';
import { clientsRoutes } from './clients-routes.ts';
import { materialsRoutes } from './materials-routes.ts';
import { piecesRoutes } from './pieces-routes.ts';
import { reviewRoutes } from './review-routes.ts';

/** /api/marketing: the area needs `marketing`; each part adds its routes in one line. */
export function marketingRoutes(s: Services) {
  const r = areaRouter(s, 'marketing.read');
  clientsRoutes(r);
  piecesRoutes(r);
  campaignsRoutes(r);
  reviewRoutes(r, s);
  materialsRoutes(r, s);
  calendarRoutes(r);
  return r;
}
