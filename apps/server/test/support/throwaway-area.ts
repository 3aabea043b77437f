/**
 * A small area written the way docs/architecture.md ('Adding an area') says: `fleet` (Frota in the
 * URL and on screen), one table, one endpoint, one list page, its tests. Written into a temporary
 * copy of the repository by test/foundation/adding-an-area.test.ts, never into the repository.
 */

/** The area's own folders and files: anything else a new area changes must be generated. */
export const FLEET_OWN = [
  'packages/shared/src/registry/areas/fleet.ts',
  'packages/shared/src/fleet/',
  'packages/db/src/schema/fleet.ts',
  'apps/server/src/modules/fleet/',
  'apps/server/test/fleet/',
  'apps/web/src/features/fleet/',
  'e2e/fleet.spec.ts',
];

export const FLEET_FILES: Record<string, string> = {
  'packages/shared/src/registry/areas/fleet.ts': `import { defineArea } from '../area.ts';

/** Frota: the company's vehicles. Every member sees them; the projects role registers them. */
export default defineArea({
  key: 'fleet',
  order: 180,
  kind: 'department',
  title: 'Frota',
  description: 'Veículos da empresa e suas revisões.',
  path: '/frota',
  icon: 'Truck',
  actions: ['read', 'write', 'delete'],
  grants: { members: ['read'], roles: { projetos: ['write'] } },
  onboardingAreas: [],
});
`,
  'packages/shared/src/fleet/schemas.ts': `import { z } from 'zod';

export const vehicleSchema = z.object({ id: z.string(), plate: z.string(), createdAt: z.string() });
export const vehicleListSchema = z.object({ items: z.array(vehicleSchema) });
export type VehicleList = z.infer<typeof vehicleListSchema>;
`,
  'packages/db/src/schema/fleet.ts': `import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';

export const fleetVehicles = pgTable(
  'fleet_vehicles',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    plate: text('plate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('fleet_vehicles', t.createdAt, t.id)(t)],
);
`,
  'apps/server/src/modules/fleet/routes.ts': `import { desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { vehicleListSchema } from '@sede/shared/fleet/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import type { Services } from '../../services.ts';

export function fleetRoutes(s: Services) {
  const r = areaRouter(s, 'fleet.read');
  r.get('/vehicles', contract({ summary: 'Listar veículos', response: vehicleListSchema }), async (c) => {
    const { db, companyId } = c.get('tenant');
    const V = schema.fleetVehicles;
    const rows = await db.select().from(V).where(eq(V.companyId, companyId)).orderBy(desc(V.createdAt)).limit(50);
    return c.json({ items: rows.map((v) => ({ id: v.id, plate: v.plate, createdAt: v.createdAt.toISOString() })) });
  });
  return r;
}
`,
  'apps/server/src/modules/fleet/module.ts': `import { defineModule } from '../../platform/module.ts';
import { fleetRoutes } from './routes.ts';

export default defineModule({ key: 'fleet', area: 'fleet', mount: '/fleet', routes: fleetRoutes });
`,
  'apps/server/test/fleet/fleet.test.ts': `import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin } from '../team/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

it('lists the company vehicles', async () => {
  const { admin } = await createCompanyWithAdmin(server, 'Transportes Sul');
  const res = await server.request('/api/fleet/vehicles', { jar: admin.jar });
  expect(res.status).toBe(200);
});
`,
  'apps/web/src/features/fleet/manifest.ts': `import type { FeatureManifest } from '../../lib/feature.ts';

export default {
  area: 'fleet',
  routes: [{ path: '/frota', title: 'Frota', access: ['fleet.read'], layout: 'shell', page: () => import('./pages/fleet-page.tsx') }],
} satisfies FeatureManifest;
`,
  'apps/web/src/features/fleet/pages/fleet-page.tsx': `export default function FleetPage() {
  return <p>Nenhum veículo cadastrado ainda.</p>;
}
`,
  'e2e/fleet.spec.ts': `import { expect, test } from '@playwright/test';

test('the fleet page opens from the sidebar', async ({ page }) => {
  await page.goto('/frota');
  await expect(page).toHaveTitle('Frota · Sede');
});
`,
};
