import { Readable } from 'node:stream';
import { closureRequestSchema, companyClosureSchema, companyExportJobSchema, EXPORT_NOT_FOUND, exportStartedSchema } from '@sede/shared/platform/company-data';
import { areaRouter } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { cancelClosure, exportStatus, getClosure, openExport, requestClosure, startExport } from './service.ts';

const jobId = idParams({ jobId: EXPORT_NOT_FOUND });

/** The company's own data (decisions 0135, 0136): admins only. Mounted at /api/company-data. */
export function companyDataRoutes(s: Services) {
  const r = areaRouter(s, 'admin');

  r.post('/exports', contract({ summary: 'Exportar os dados da empresa', response: exportStartedSchema, status: 202 }), async (c) =>
    c.json(await startExport(s, c.get('tenant')), 202),
  );

  r.get('/exports/:jobId', contract({ summary: 'Andamento da exportação', params: jobId, response: companyExportJobSchema }), async (c) =>
    c.json(await exportStatus(s, c.get('tenant'), c.req.valid('param').jobId)),
  );

  r.get('/exports/:jobId/download', contract({ summary: 'Baixar exportação (ZIP)', params: jobId, response: { media: 'application/zip' } }), async (c) => {
    const { stream, size } = await openExport(s, c.get('tenant'), c.req.valid('param').jobId);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'content-type': 'application/zip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="dados-da-empresa-${day}.zip"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });

  r.get('/closure', contract({ summary: 'Ver encerramento da conta', response: companyClosureSchema }), async (c) => c.json(await getClosure(c.get('tenant'))));

  r.post('/closure', contract({ summary: 'Solicitar encerramento da conta', body: closureRequestSchema, response: companyClosureSchema }), async (c) =>
    c.json(await requestClosure(s, c.get('tenant'), c.req.valid('json').confirmation)),
  );

  r.delete('/closure', contract({ summary: 'Cancelar encerramento da conta', response: companyClosureSchema }), async (c) => c.json(await cancelClosure(s, c.get('tenant'))));

  return r;
}
