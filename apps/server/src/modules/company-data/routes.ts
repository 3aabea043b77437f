import { Readable } from 'node:stream';
import { closureRequestSchema } from '@sede/shared/platform/company-data';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { cancelClosure, exportStatus, getClosure, openExport, requestClosure, startExport } from './service.ts';

/** The company's own data (decisions 0135, 0136): admins only. Mounted at /api/company-data. */
export function companyDataRoutes(s: Services) {
  const r = areaRouter(s, 'admin');

  r.post('/exports', async (c) => c.json(await startExport(s, c.get('tenant')), 202));

  r.get('/exports/:jobId', async (c) => c.json(await exportStatus(s, c.get('tenant'), c.req.param('jobId'))));

  r.get('/exports/:jobId/download', async (c) => {
    const { stream, size } = await openExport(s, c.get('tenant'), c.req.param('jobId'));
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

  r.get('/closure', async (c) => c.json(await getClosure(c.get('tenant'))));

  r.post('/closure', async (c) => {
    const { confirmation } = parseWith(closureRequestSchema, await readJson(c));
    return c.json(await requestClosure(s, c.get('tenant'), confirmation));
  });

  r.delete('/closure', async (c) => c.json(await cancelClosure(s, c.get('tenant'))));

  return r;
}
