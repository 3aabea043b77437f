import { schema } from '@sede/db/client';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { forbidden } from '../../http/errors.ts';
import { registerAnalysisKind } from '../../platform/analysis/index.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { interviewAnalysisKind, resumeAnalysisKind } from './analysis.ts';
import { recruitingRoutes } from './routes.ts';
import { CANDIDATE_ENTITY, candidateExists, getSettings, INTERVIEW_ENTITY, interviewExists, OPENING_ENTITY, openingExists, purgeExpiredCandidates } from './service.ts';

/** The retention purge: daily at 03:17 (America/Sao_Paulo), decision 0227. */
export const RETENTION_QUEUE = 'rh-recruiting-retention';
export const RETENTION_CRON = '17 3 * * *';

/** Whoever reads RH may see it (else 403); `exists` says whether it is the company's (else 404). */
const readsRh = (exists: (tenant: Tenant, id: string) => Promise<boolean>) => async (tenant: Tenant, id: string, viewer: Viewer) => {
  if (!canAny(grantsFor(viewer.membership), ['hr.read'])) throw forbidden();
  return exists(tenant, id);
};

async function start(s: Services) {
  // Résumés, recordings and transcripts (files), comments and tasks: whoever reads RH.
  registerEntity(s, OPENING_ENTITY, {
    canSee: readsRh(openingExists),
    path: (id) => `/rh/analise-curriculos/${id}`,
  });
  registerEntity(s, CANDIDATE_ENTITY, { canSee: readsRh(candidateExists) });
  registerEntity(s, INTERVIEW_ENTITY, {
    canSee: readsRh(interviewExists),
    path: (id) => `/rh/analise-entrevistas/${id}`,
  });
  await registerAnalysisKind(s, resumeAnalysisKind);
  await registerAnalysisKind(s, interviewAnalysisKind);
  await s.boss.createQueue(RETENTION_QUEUE);
  await s.boss.schedule(RETENTION_QUEUE, RETENTION_CRON, {}, { tz: 'America/Sao_Paulo' });
  await s.boss.work(RETENTION_QUEUE, async () => {
    const n = await purgeExpiredCandidates(s);
    if (n) console.log('[rh-recruiting] candidates erased after the retention period:', n);
  });
}

/** RH's recruiting (decisions 0225–0229): job openings, résumé analysis and interview analysis. */
export default defineModule({
  key: 'rh-recruiting',
  area: 'hr',
  mount: '/rh-recruiting',
  routes: recruitingRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    const { jobOpenings, candidates, interviews } = schema;
    out.csv(
      'vagas.csv',
      ['id', 'title', 'department', 'requirements', 'desiredSkills', 'workplace', 'city', 'uf', 'seniority', 'status', 'closedAt', 'createdAt', 'updatedAt'],
      companyRows(tenant, jobOpenings),
    );
    out.csv('candidatos.csv', ['id', 'openingId', 'name', 'stage', 'createdAt', 'updatedAt'], companyRows(tenant, candidates));
    out.csv('entrevistas.csv', ['id', 'candidateId', 'openingId', 'consentText', 'consentBy', 'consentAt', 'createdAt'], companyRows(tenant, interviews));
    out.json('retencao.json', await getSettings(tenant));
  },
});
