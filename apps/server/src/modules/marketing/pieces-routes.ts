import type { Context, Hono } from 'hono';
import { pieceCreateSchema, pieceListQuerySchema, pieceUpdateSchema } from '@sede/shared/marketing/pieces';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { createPiece, deletePiece, getPiece, listPieces, updatePiece } from './pieces-service.ts';

/** /api/marketing/pieces: the pieces of content, the calendar's and the creatives' one list. */
export function piecesRoutes(r: Hono<CompanyEnv>) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  r.get('/pieces', async (c) => c.json(await listPieces(t(c), parseWith(pieceListQuerySchema, c.req.query()))));
  r.post('/pieces', requirePermission('marketing.write'), async (c) => c.json(await createPiece(t(c), parseWith(pieceCreateSchema, await readJson(c))), 201));
  r.get('/pieces/:id', async (c) => c.json(await getPiece(t(c), c.req.param('id'))));
  r.patch('/pieces/:id', requirePermission('marketing.write'), async (c) => c.json(await updatePiece(t(c), c.req.param('id'), parseWith(pieceUpdateSchema, await readJson(c)))));
  r.delete('/pieces/:id', requirePermission('marketing.delete'), async (c) => {
    await deletePiece(t(c), c.req.param('id'));
    return c.json({ ok: true });
  });
}
