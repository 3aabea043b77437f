import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { defineSyncType, flushSync } from '../../platform/sync/rooms.ts';
import type { Services } from '../../services.ts';
import { canvasRoutes } from './routes.ts';
import { boardExists, CANVAS_ENTITY } from './service.ts';
import { canvasSync } from './sync.ts';

function start(s: Services) {
  // A board's images (platform files): every member who may see the board (decision 0296).
  registerEntity(s, CANVAS_ENTITY, { canSee: (tenant, id) => boardExists(tenant, id), path: (id) => `/canvas-workspace?quadro=${id}` });
  // Shared editing through the documents' sync (decision 0311).
  defineSyncType(s, canvasSync);
}

/** The canvas workspace (issue 17, decisions 0295–0298, 0311): the company's Excalidraw whiteboards. */
export default defineModule({
  key: 'canvas',
  area: 'documentacao',
  mount: '/canvas',
  routes: canvasRoutes,
  start,
  stop: (s) => flushSync(s, canvasSync),
  exportData: async (_s, tenant, out) => {
    out.csv('canvas-quadros.csv', ['id', 'title', 'scene', 'revision', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'], companyRows(tenant, schema.canvasBoards));
    // The shared-editing updates not yet merged into the board (Yjs, base64); the drawing is in canvas-quadros.csv.
    out.csv('canvas-atualizacoes.csv', ['id', 'boardId', 'update', 'createdAt'], async function* () {
      const { canvasBoardUpdates: BU } = schema;
      const rows = await tenant.db.select().from(BU).where(eq(BU.companyId, tenant.companyId)).orderBy(BU.id);
      for (const r of rows) yield { ...r, update: r.update.toString('base64') };
    });
  },
});
