import { okFlagSchema } from '@sede/shared/platform/api';
import type { Context, Hono } from 'hono';
import { MARKETING_MESSAGES as M } from '@sede/shared/marketing/constants';
import { pieceCreateSchema, pieceListQuerySchema, pieceListSchema, pieceUpdateSchema, pieceViewSchema } from '@sede/shared/marketing/pieces';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { createPiece, deletePiece, getPiece, listPieces, updatePiece } from './pieces-service.ts';

const pieceId = idParams(M.pieceNotFound);

/** /api/marketing/pieces: the pieces of content, the calendar's and the creatives' one list. */
export function piecesRoutes(r: Hono<CompanyEnv>) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  r.get('/pieces', contract({ summary: 'Listar peças', query: pieceListQuerySchema, response: pieceListSchema }), async (c) => c.json(await listPieces(t(c), c.req.valid('query'))));
  r.post('/pieces', requirePermission('marketing.write'), contract({ summary: 'Criar peça', body: pieceCreateSchema, response: pieceViewSchema, status: 201 }), async (c) =>
    c.json(await createPiece(t(c), c.req.valid('json')), 201),
  );
  r.get('/pieces/:id', contract({ summary: 'Ver peça', params: pieceId, response: pieceViewSchema }), async (c) => c.json(await getPiece(t(c), c.req.valid('param').id)));
  r.patch('/pieces/:id', requirePermission('marketing.write'), contract({ summary: 'Alterar peça', params: pieceId, body: pieceUpdateSchema, response: pieceViewSchema }), async (c) =>
    c.json(await updatePiece(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/pieces/:id', requirePermission('marketing.delete'), contract({ summary: 'Excluir peça', params: pieceId, response: okFlagSchema }), async (c) => answerOk(c, deletePiece(t(c), c.req.valid('param').id)));
}
