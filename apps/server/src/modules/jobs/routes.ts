import { Hono, type Context } from 'hono';
import { jobListQuerySchema, jobRunListSchema, jobRunViewSchema } from '@sede/shared/platform/jobs';
import type { CompanyEnv, Services } from '../../services.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { hasAnyPermission } from '@sede/shared/permissions';
import { getJobRun, listJobRuns, type JobReader } from '../../platform/jobs/run.ts';

/** The runs a person may read: their own; an admin, all of the company (decision 0117). */
const readerOf = (c: Context<CompanyEnv>): JobReader => ({ tenant: c.get('tenant'), allOfCompany: hasAnyPermission(c.get('viewer').permissions, ['admin']) });

/** Background jobs of the caller's company and their progress (platform/jobs/run.ts). */
export function jobsRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  r.use('*', requireViewer(s), requireCompany);
  r.get('/', contract({ summary: 'Listar trabalhos em segundo plano', query: jobListQuerySchema, response: jobRunListSchema }), async (c) =>
    c.json({ jobs: await listJobRuns(c.get('tenant').db.$client, readerOf(c), c.req.valid('query').kind) }),
  );
  r.get('/:id', contract({ summary: 'Ver andamento de um trabalho', params: idParams('Trabalho não encontrado.'), response: jobRunViewSchema }), async (c) =>
    c.json(await getJobRun(c.get('tenant').db.$client, readerOf(c), c.req.valid('param').id)),
  );
  return r;
}
