import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { defineSyncType, flushSync } from '../../platform/sync/rooms.ts';
import type { Services } from '../../services.ts';
import { exportCanvas } from './export.ts';
import { canvasRoutes } from './routes.ts';
import { boardExists, CANVAS_ENTITY } from './service.ts';
import { canvasSync } from './sync.ts';

function start(s: Services) {
  // A board's images (platform files): every member who may see the board (decision 0296).
  registerEntity(s, CANVAS_ENTITY, { canSee: (tenant, id) => boardExists(tenant, id), path: (id) => `/canvas-workspace?quadro=${id}` });
  // Shared editing through the documents' sync (decision 0311).
  defineSyncType(s, canvasSync);
}

/** The canvas workspace (decisions 0295–0298, 0311): the company's Excalidraw whiteboards. */
export default defineModule({
  key: 'canvas',
  area: 'documents',
  mount: '/canvas',
  routes: canvasRoutes,
  start,
  stop: (s) => flushSync(s, canvasSync),
  // Each board as an Excalidraw file, and their list (decision 0425).
  exportData: exportCanvas,
});
