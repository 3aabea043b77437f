import { Hono } from 'hono';
import { jobIdSchema, jobListQuerySchema } from '@sede/shared/platform/jobs';
import type { CompanyEnv, Services } from '../../services.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { notFound, parseWith } from '../../http/errors.ts';
import { getJobRun, listJobRuns } from '../../platform/jobs/run.ts';

/** Background jobs of the caller's company and their progress (platform/jobs/run.ts). */
export function jobsRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  r.use('*', requireViewer(s), requireCompany);
  r.get('/', async (c) => {
    const q = parseWith(jobListQuerySchema, c.req.query());
    return c.json({ jobs: await listJobRuns(s.pool, c.get('tenant'), q.kind) });
  });
  r.get('/:id', async (c) => {
    const id = jobIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Trabalho não encontrado.');
    return c.json(await getJobRun(s.pool, c.get('tenant'), id.data));
  });
  return r;
}
