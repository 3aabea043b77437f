import { bodyLimit } from 'hono/body-limit';
import { confirmMatchSchema, confirmSuggestedResultSchema, createEntryFromLineSchema, entryFromLineResultSchema, lineIdsSchema, STATEMENT_MAX_BYTES, STATEMENT_MESSAGES as M, statementImportListSchema, statementImportQuerySchema, statementImportResultSchema, statementLinesPageSchema, statementLinesQuerySchema, statementOptionsSchema, statementStepSchema } from '@sede/shared/finance/statements-schemas';
import { z } from 'zod';
import { areaRouter } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { aiRoutes } from './ai.ts';
import { packageRoutes } from './package.ts';
import { confirmMatch, confirmSuggested, createEntryForLine, ignoreLine, importStatement, listImports, listLines, reopenLine, statementOptions } from './service.ts';

// A malformed line id has always been a 400 here (not the 404 of an id that names nothing): kept as it was.
const lineId = z.object({ id: z.string() });
const lineUuid = z.uuid({ error: M.lineNotFound });
const validLineId = (id: string) => {
  if (!lineUuid.safeParse(id).success) throw badRequest(M.lineNotFound);
  return id;
};
const accountQuery = z.object({ accountId: z.uuid({ error: M.accountNotFound }).optional() });

/**
 * Extratos e conciliação (decisions 0175, 0176), under /api/finance/statements: reading is `finance.read`,
 * importing and reconciling `finance.write` (decision 0125's table).
 */
export function statementRoutes(s: Services) {
  const r = areaRouter(s, 'financeiro');
  const write = requirePermission('finance.write');

  r.get('/options', contract({ summary: 'Contas e categorias para a conciliação', response: statementOptionsSchema }), async (c) => c.json(await statementOptions(c.get('tenant'))));

  // The file's raw bytes (application/octet-stream), streamed past the JSON limit (http/security.ts) with its own.
  r.post(
    '/imports',
    write,
    bodyLimit({ maxSize: STATEMENT_MAX_BYTES, onError: () => { throw new AppError(413, 'STATEMENT_TOO_LARGE', M.tooLarge); } }),
    contract({
      summary: 'Importar extrato (OFX ou CSV)',
      query: statementImportQuerySchema,
      bodyMedia: 'application/octet-stream',
      response: statementImportResultSchema,
      status: 201,
    }),
    async (c) => {
      const q = c.req.valid('query');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await importStatement(c.get('tenant'), { accountId: q.accountId, fileName: q.fileName, bytes }), 201);
    },
  );
  r.get('/imports', contract({ summary: 'Listar extratos importados', query: accountQuery, response: statementImportListSchema }), async (c) =>
    c.json({ imports: await listImports(c.get('tenant'), c.req.valid('query').accountId) }),
  );

  r.get('/lines', contract({ summary: 'Listar linhas do extrato', query: statementLinesQuerySchema, response: statementLinesPageSchema }), async (c) =>
    c.json(await listLines(c.get('tenant'), c.req.valid('query'))),
  );
  r.post(
    '/lines/confirm-suggested',
    write,
    contract({ summary: 'Confirmar conciliações sugeridas', body: lineIdsSchema, response: confirmSuggestedResultSchema }),
    async (c) => c.json(await confirmSuggested(c.get('tenant'), c.req.valid('json').lineIds)),
  );
  r.post('/lines/:id/confirm', write, contract({ summary: 'Conciliar linha do extrato', params: lineId, body: confirmMatchSchema, response: statementStepSchema }), async (c) =>
    c.json(await confirmMatch(c.get('tenant'), validLineId(c.req.valid('param').id), c.req.valid('json'))),
  );
  r.post(
    '/lines/:id/entry',
    write,
    contract({ summary: 'Criar lançamento a partir da linha', params: lineId, body: createEntryFromLineSchema, response: entryFromLineResultSchema, status: 201 }),
    async (c) => c.json(await createEntryForLine(c.get('tenant'), validLineId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
  r.post('/lines/:id/ignore', write, contract({ summary: 'Ignorar linha do extrato', params: lineId, response: statementStepSchema }), async (c) =>
    c.json(await ignoreLine(c.get('tenant'), validLineId(c.req.valid('param').id))),
  );
  r.post('/lines/:id/reopen', write, contract({ summary: 'Voltar linha ignorada a pendente', params: lineId, response: statementStepSchema }), async (c) =>
    c.json(await reopenLine(c.get('tenant'), validLineId(c.req.valid('param').id))),
  );

  aiRoutes(s, r);
  packageRoutes(s, r);
  return r;
}
