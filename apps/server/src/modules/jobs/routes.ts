import { Hono, type Context } from 'hono';
import { jobIdSchema, jobListQuerySchema } from '@sede/shared/platform/jobs';
import type { CompanyEnv, Services } from '../../services.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { notFound, parseWith } from '../../http/errors.ts';
import { hasAnyPermission } from '@sede/shared/permissions';
import { getJobRun, listJobRuns, type JobReader } from '../../platform/jobs/run.ts';

/** The runs a person may read: their own; an admin, all of the company (decision 0117). */
const readerOf = (c: Context<CompanyEnv>): JobReader => ({ tenant: c.get('tenant'), allOfCompany: hasAnyPermission(c.get('viewer').permissions, ['admin']) });

/** Background jobs of the caller's company and their progress (platform/jobs/run.ts). */
export function jobsRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  r.use('*', requireViewer(s), requireCompany);
  r.get('/', async (c) => {
    const q = parseWith(jobListQuerySchema, c.req.query());
    return c.json({ jobs: await listJobRuns(s.pool, readerOf(c), q.kind) });
  });
  r.get('/:id', async (c) => {
    const id = jobIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Trabalho não encontrado.');
    return c.json(await getJobRun(s.pool, readerOf(c), id.data));
  });
  return r;
}
