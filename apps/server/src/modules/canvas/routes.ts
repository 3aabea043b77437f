import type { Context } from 'hono';
import { CANVAS_MESSAGES, canvasBoardListSchema, canvasBoardViewSchema, canvasCreateSchema, canvasDeletedSchema, canvasRenameSchema, canvasSaveResultSchema, canvasSaveSchema } from '@sede/shared/canvas/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { syncRoute } from '../../platform/sync/route.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { boardOf, createBoard, deleteBoard, getBoard, listBoards, renameBoard, saveScene } from './service.ts';
import { canvasSync } from './sync.ts';

const boardId = idParams(CANVAS_MESSAGES.notFound);

/**
 * /api/canvas (decisions 0295–0296): the company's whiteboards. The documentation
 * area's permissions (every member holds read and write; deleting is the creator's or needs
 * `documents.delete`, decision 0295). Scenes ride the 1 MB JSON body limit
 * (413 above it); images go to /api/files with entityType 'canvas_board'. Shared editing goes
 * through the platform's sync socket (decision 0311).
 */
export function canvasRoutes(s: Services) {
  const r = areaRouter(s, 'documents.read');
  const write = requirePermission('documents.write');
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const v = (c: Context<CompanyEnv>) => c.get('viewer');

  r.get('/boards', contract({ summary: 'Listar quadros', response: canvasBoardListSchema }), async (c) => c.json({ boards: await listBoards(t(c), v(c)) }));
  r.post('/boards', write, contract({ summary: 'Criar quadro', body: canvasCreateSchema, response: canvasBoardViewSchema, status: 201 }), async (c) =>
    c.json(await createBoard(t(c), v(c), c.req.valid('json')), 201),
  );
  r.get('/boards/:id', contract({ summary: 'Abrir quadro', params: boardId, response: canvasBoardViewSchema }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getBoard(t(c), v(c), c.req.valid('param').id));
  });
  // Shared editing (decision 0311): the documents' sync, for boards. Another company's board or a
  // malformed id is 404 before any upgrade (the socket's own checks, the Origin's first); every
  // member draws (documents.write), others follow.
  r.get('/boards/:id/sync', ...syncRoute(s, canvasSync, { summary: 'Editar quadro em conjunto', params: boardId, read: 'documents.read', write: 'documents.write', visible: (tenant, _, id) => boardOf(tenant, id) }));
  r.put('/boards/:id/scene', write, contract({ summary: 'Salvar desenho do quadro', params: boardId, body: canvasSaveSchema, response: canvasSaveResultSchema }), async (c) =>
    c.json(await saveScene(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.patch('/boards/:id', write, contract({ summary: 'Renomear quadro', params: boardId, body: canvasRenameSchema, response: canvasBoardViewSchema }), async (c) =>
    c.json(await renameBoard(t(c), v(c), c.req.valid('param').id, c.req.valid('json').title)),
  );
  r.delete('/boards/:id', write, contract({ summary: 'Excluir quadro', params: boardId, response: canvasDeletedSchema }), async (c) => answerOk(c, deleteBoard(t(c), v(c), c.req.valid('param').id)));
  return r;
}
