import type { Context } from 'hono';
import { canvasCreateSchema, canvasRenameSchema, canvasSaveSchema } from '@sede/shared/canvas/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { forbidden, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { syncSocket } from '../../platform/sync/route.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { boardOf, createBoard, deleteBoard, getBoard, listBoards, renameBoard, saveScene } from './service.ts';
import { canvasSync } from './sync.ts';

/**
 * /api/canvas (issue 17; decisions 0295–0296): the company's whiteboards. The documentation
 * area's permissions (every member holds read and write; deleting is the creator's or needs
 * `documentacao.delete`, decision 0295). Scenes ride the 1 MB JSON body limit
 * (413 above it); images go to /api/files with entityType 'canvas_board'. Shared editing goes
 * through the platform's sync socket (decision 0311).
 */
export function canvasRoutes(s: Services) {
  const r = areaRouter(s, 'documentacao.read');
  const write = requirePermission('documentacao.write');
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const v = (c: Context<CompanyEnv>) => c.get('viewer');

  r.get('/boards', async (c) => c.json({ boards: await listBoards(t(c), v(c)) }));
  r.post('/boards', write, async (c) => c.json(await createBoard(t(c), v(c), parseWith(canvasCreateSchema, await readJson(c))), 201));
  r.get('/boards/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getBoard(t(c), v(c), c.req.param('id')));
  });
  // Shared editing (decision 0311): the documents' sync, for boards. Another company's board or a
  // malformed id is 404 before any upgrade; every member draws (documentacao.write), others follow.
  r.get(
    '/boards/:id/sync',
    ...syncSocket(s, canvasSync, async ({ tenant, viewer }, id) => {
      const grants = grantsFor(viewer.membership);
      if (!canAny(grants, ['documentacao.read'])) throw forbidden();
      await boardOf(tenant, id);
      return { canWrite: canAny(grants, ['documentacao.write']) };
    }),
  );
  r.put('/boards/:id/scene', write, async (c) => c.json(await saveScene(t(c), c.req.param('id'), parseWith(canvasSaveSchema, await readJson(c)))));
  r.patch('/boards/:id', write, async (c) => c.json(await renameBoard(t(c), v(c), c.req.param('id'), parseWith(canvasRenameSchema, await readJson(c)).title)));
  r.delete('/boards/:id', write, async (c) => {
    await deleteBoard(t(c), v(c), c.req.param('id'));
    return c.json({ ok: true });
  });
  return r;
}
