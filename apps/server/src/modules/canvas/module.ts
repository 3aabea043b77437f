import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { canvasRoutes } from './routes.ts';
import { boardExists, CANVAS_ENTITY } from './service.ts';

function start(s: Services) {
  // A board's images (platform files): every member who may see the board (decision 0296).
  registerEntity(s, CANVAS_ENTITY, { canSee: (tenant, id) => boardExists(tenant, id), path: (id) => `/canvas-workspace?quadro=${id}` });
}

/** The canvas workspace (issue 17, decisions 0295–0299): the company's Excalidraw whiteboards. */
export default defineModule({
  key: 'canvas',
  mount: '/canvas',
  routes: canvasRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    out.csv('canvas-quadros.csv', ['id', 'title', 'scene', 'revision', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'], companyRows(tenant, schema.canvasBoards));
  },
});
