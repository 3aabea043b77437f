import { bodyLimit } from 'hono/body-limit';
import {
  confirmMatchSchema,
  createEntryFromLineSchema,
  lineIdsSchema,
  STATEMENT_MAX_BYTES,
  STATEMENT_MESSAGES as M,
  statementImportQuerySchema,
  statementLinesQuerySchema,
} from '@sede/shared/finance/statements-schemas';
import { z } from 'zod';
import { areaRouter } from '../../http/area-router.ts';
import { AppError, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { aiRoutes } from './ai.ts';
import { packageRoutes } from './package.ts';
import { confirmMatch, confirmSuggested, createEntryForLine, ignoreLine, importStatement, listImports, listLines, reopenLine, statementOptions } from './service.ts';

const lineId = z.uuid({ error: M.lineNotFound });
const accountQuery = z.object({ accountId: z.uuid({ error: M.accountNotFound }).optional() });

/**
 * Extratos e conciliação (issue 16), under /api/finance/statements: reading is `financeiro.read`,
 * importing and reconciling `financeiro.write` (decision 0125's table).
 */
export function statementRoutes(s: Services) {
  const r = areaRouter(s, 'financeiro');

  r.get('/options', async (c) => c.json(await statementOptions(c.get('tenant'))));

  // The file's raw bytes (application/octet-stream), streamed past the JSON limit (http/security.ts) with its own.
  r.post(
    '/imports',
    requirePermission('financeiro.write'),
    bodyLimit({ maxSize: STATEMENT_MAX_BYTES, onError: () => { throw new AppError(413, 'STATEMENT_TOO_LARGE', M.tooLarge); } }),
    async (c) => {
      const q = parseWith(statementImportQuerySchema, c.req.query());
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await importStatement(c.get('tenant'), { accountId: q.accountId, fileName: q.fileName, bytes }), 201);
    },
  );
  r.get('/imports', async (c) => {
    const { accountId } = parseWith(accountQuery, c.req.query());
    return c.json({ imports: await listImports(c.get('tenant'), accountId) });
  });

  r.get('/lines', async (c) => c.json(await listLines(c.get('tenant'), parseWith(statementLinesQuerySchema, c.req.query()))));
  r.post('/lines/confirm-suggested', requirePermission('financeiro.write'), async (c) => {
    const { lineIds } = parseWith(lineIdsSchema, await readJson(c));
    return c.json(await confirmSuggested(c.get('tenant'), lineIds));
  });
  r.post('/lines/:id/confirm', requirePermission('financeiro.write'), async (c) => {
    const id = parseWith(lineId, c.req.param('id'));
    return c.json(await confirmMatch(c.get('tenant'), id, parseWith(confirmMatchSchema, await readJson(c))));
  });
  r.post('/lines/:id/entry', requirePermission('financeiro.write'), async (c) => {
    const id = parseWith(lineId, c.req.param('id'));
    return c.json(await createEntryForLine(c.get('tenant'), id, parseWith(createEntryFromLineSchema, await readJson(c))), 201);
  });
  r.post('/lines/:id/ignore', requirePermission('financeiro.write'), async (c) => c.json(await ignoreLine(c.get('tenant'), parseWith(lineId, c.req.param('id')))));
  r.post('/lines/:id/reopen', requirePermission('financeiro.write'), async (c) => c.json(await reopenLine(c.get('tenant'), parseWith(lineId, c.req.param('id')))));

  aiRoutes(s, r);
  packageRoutes(s, r);
  return r;
}
