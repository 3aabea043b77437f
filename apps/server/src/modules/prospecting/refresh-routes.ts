import type { Context, Hono } from 'hono';
import { hasAnyPermission } from '@sede/shared/permissions';
import { receitaRefreshStatusSchema, REFRESH_JOB, REFRESH_MESSAGES, refreshStartedSchema } from '@sede/shared/prospecting/refresh';
import { contract } from '../../http/contract.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { startJob } from '../../platform/jobs/run.ts';
import { isPlatformOperator } from '../../platform/operators.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { refreshStatus, refreshUnderway } from './refresh-status.ts';

/**
 * The data's upkeep in /admin (decisions 0415, 0416): its state for the admins of any company
 * and the platform's operators; 'Atualizar agora' for the operators only (the data is the
 * installation's, not a company's, and an import costs an hour of the server and twice the disk).
 */
export function refreshRoutes(s: Services, r: Hono<CompanyEnv>) {
  const operator = (c: Context<CompanyEnv>) => isPlatformOperator(s.cfg, c.get('viewer').user);

  r.get('/refresh', contract({ summary: 'Situação da atualização da base de CNPJs', response: receitaRefreshStatusSchema }), async (c) => {
    if (!operator(c) && !hasAnyPermission(c.get('viewer').permissions, ['admin'])) throw forbidden();
    c.header('Cache-Control', 'no-store');
    return c.json(await refreshStatus(s, c.get('tenant'), operator(c)));
  });

  r.post('/refresh', contract({ summary: 'Atualizar a base de CNPJs agora', response: refreshStartedSchema, status: 202 }), async (c) => {
    if (!operator(c)) throw forbidden(REFRESH_MESSAGES.operatorsOnly);
    if (!s.cfg.RECEITA_DATA_URL) throw conflict(REFRESH_MESSAGES.notConfigured, 'RECEITA_NOT_CONFIGURED');
    if (await refreshUnderway(s)) throw conflict(REFRESH_MESSAGES.running, 'REFRESH_RUNNING');
    const run = await startJob(s, c.get('tenant'), REFRESH_JOB, {});
    return c.json({ jobId: run.id }, 202);
  });
}
