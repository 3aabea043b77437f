import { schema } from '@sede/db/client';
import { registerAnalysisKind } from '../../platform/analysis/index.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { interviewAnalysisKind, resumeAnalysisKind } from './analysis.ts';
import { recruitingRoutes } from './routes.ts';
import { CANDIDATE_ENTITY, candidateExists, getSettings, INTERVIEW_ENTITY, interviewExists, OPENING_ENTITY, openingExists, purgeExpiredCandidates } from './service.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';

/**
 * The retention purge: daily at 03:17 (America/Sao_Paulo), decision 0227. The queue's name is
 * stored (pg-boss keeps the queue and its schedule by it): it keeps the old module key (decision 0520).
 */
export const RETENTION_QUEUE = 'rh-recruiting-retention';
export const RETENTION_CRON = '17 3 * * *';

async function start(s: Services) {
  // Résumés, recordings and transcripts (files), comments and tasks: whoever reads RH.
  registerEntity(s, OPENING_ENTITY, {
    canSee: readersOf('hr.read', openingExists),
    path: (id) => `/rh/analise-curriculos/${id}`,
  });
  registerEntity(s, CANDIDATE_ENTITY, { canSee: readersOf('hr.read', candidateExists) });
  registerEntity(s, INTERVIEW_ENTITY, {
    canSee: readersOf('hr.read', interviewExists),
    path: (id) => `/rh/analise-entrevistas/${id}`,
  });
  await registerAnalysisKind(s, resumeAnalysisKind);
  await registerAnalysisKind(s, interviewAnalysisKind);
  await scheduleRecurring(s.boss, { queue: RETENTION_QUEUE, cron: RETENTION_CRON, label: '[hr-recruiting] candidates erased after the retention period:' }, () => purgeExpiredCandidates(s));
}

async function exportRecruiting(_s: Services, tenant: Tenant, out: ExportSink) {
  const { jobOpenings, candidates, interviews } = schema;
  out.csv(
    'vagas.csv',
    ['id', 'title', 'department', 'requirements', 'desiredSkills', 'workplace', 'city', 'uf', 'seniority', 'status', 'closedAt', 'createdAt', 'updatedAt'],
    companyRows(tenant, jobOpenings),
  );
  out.csv('candidatos.csv', ['id', 'openingId', 'name', 'stage', 'createdAt', 'updatedAt'], companyRows(tenant, candidates));
  out.csv('entrevistas.csv', ['id', 'candidateId', 'openingId', 'consentText', 'consentBy', 'consentAt', 'createdAt'], companyRows(tenant, interviews));
  out.json('retencao.json', await getSettings(tenant));
}

/** RH's recruiting (decisions 0225–0229): job openings, résumé analysis and interview analysis. */
export default defineModule({
  key: 'hr-recruiting',
  area: 'hr',
  mount: '/rh-recruiting',
  routes: recruitingRoutes,
  start,
  exportData: exportRecruiting,
});
