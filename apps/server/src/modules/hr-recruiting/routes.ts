import type { Context } from 'hono';
import type { z } from 'zod';
import { okSchema } from '@sede/shared/platform/api';
import { candidateCreateSchema, candidateListSchema, candidateUpdateSchema, candidateViewSchema, interviewAnalysisListSchema, interviewAnalysisViewSchema, interviewCreateSchema, interviewListSchema, interviewViewSchema, openingCreateSchema, openingListSchema, openingUpdateSchema, openingViewSchema, RECRUITING_MESSAGES as M, recruitingAnalysisViewSchema, recruitingSettingsSchema, resumeAnalysisListSchema, resumeAnalysisViewSchema, settingsUpdateSchema, startAnalysisSchema } from '@sede/shared/recruiting/schemas';
import type { AnalysisKind } from '@sede/shared/analysis/schemas';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { formatOf, getAnalysis, listAnalyses, readMaterial, startFileAnalysis } from '../../platform/analysis/index.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { CANDIDATE_ENTITY, createCandidate, createInterview, createOpening, deleteCandidate, deleteInterview, deleteOpening, getCandidate, getInterview, getOpening, getSettings, INTERVIEW_ENTITY, listCandidates, listInterviews, listOpenings, subjectFile, updateCandidate, updateOpening, updateSettings } from './service.ts';

/**
 * Reads the material before anything is queued, so a bad file (empty, password-protected, scanned,
 * unsupported) is a 400 with its message and no analysis is created. Recordings are passed to the
 * platform's analysis as they are (it transcribes them in the job), never read here.
 */
async function checkMaterial(s: Services, tenant: Tenant, entityType: string, entityId: string, fileId: string) {
  const file = await subjectFile(tenant, entityType, entityId, fileId);
  if (formatOf(file.mime, file.name) === 'audio') return;
  const read = await readEntityFile(s, tenant, fileId, entityType, entityId);
  if (!read) throw notFound(M.fileNotFound);
  await readMaterial({ bytes: read.bytes, mime: read.mime, name: read.name });
}

const openingId = idParams(M.openingNotFound);
const candidateId = idParams(M.candidateNotFound);
const interviewId = idParams(M.interviewNotFound);
const analysisId = idParams(M.analysisNotFound);

/** RH's recruiting API (/api/rh-recruiting): openings, candidates with résumé analyses, interviews with their analyses. */
export function recruitingRoutes(s: Services) {
  const r = areaRouter(s, 'hr.read');
  const write = requirePermission('hr.write');
  const del = requirePermission('hr.delete');
  /** Starts a résumé's or an interview's analysis of one of its files: the file, the AI key and the material checked first. */
  const analyse = (c: Context<CompanyEnv>, kind: 'resume' | 'interview', entityType: string, subjectId: string, fileId: string) =>
    startFileAnalysis(s, tenant(c), c.req.raw.headers, { kind, subjectId, fileId }, {
      file: () => subjectFile(tenant(c), entityType, subjectId, fileId),
      material: () => checkMaterial(s, tenant(c), entityType, subjectId, fileId),
    });
  /** A candidate's or an interview's analyses: GET lists them, POST starts one on one of its files. */
  const analysesRoutes = (
    path: '/candidates' | '/interviews',
    params: typeof candidateId,
    subjectOf: (t: Tenant, id: string) => Promise<{ id: string }>,
    subject: { kind: 'resume' | 'interview'; entityType: string },
    summaries: { list: [string, z.ZodType]; start: [string, z.ZodType] },
  ) => {
    const [listSummary, listResponse] = summaries.list;
    r.get(`${path}/:id/analyses`, contract({ summary: listSummary, params, response: listResponse }), async (c) => {
      const { id } = await subjectOf(tenant(c), c.req.valid('param').id);
      return c.json({ analyses: await listAnalyses(tenant(c), subject.kind, id) });
    });
    const [startSummary, startResponse] = summaries.start;
    r.post(`${path}/:id/analyses`, requirePermission('hr.ai'), contract({ summary: startSummary, params, body: startAnalysisSchema, response: startResponse, status: 202 }), async (c) => {
      const { id } = await subjectOf(tenant(c), c.req.valid('param').id);
      return c.json(await analyse(c, subject.kind, subject.entityType, id, c.req.valid('json').fileId), 202);
    });
  };

  // ---- openings ----
  r.get('/openings', contract({ summary: 'Listar vagas', response: openingListSchema }), async (c) => c.json({ openings: await listOpenings(tenant(c)) }));
  r.post('/openings', write, contract({ summary: 'Abrir vaga', body: openingCreateSchema, response: openingViewSchema, status: 201 }), async (c) =>
    c.json(await createOpening(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/openings/:id', contract({ summary: 'Ver vaga', params: openingId, response: openingViewSchema }), async (c) => c.json(await getOpening(tenant(c), c.req.valid('param').id)));
  r.patch('/openings/:id', write, contract({ summary: 'Alterar vaga', params: openingId, body: openingUpdateSchema, response: openingViewSchema }), async (c) => {
    const { id } = c.req.valid('param');
    await getOpening(tenant(c), id);
    return c.json(await updateOpening(tenant(c), id, c.req.valid('json')));
  });
  r.delete('/openings/:id', del, contract({ summary: 'Excluir vaga', params: openingId, response: okSchema }), async (c) => answerSuccess(c, deleteOpening(s, tenant(c), c.req.valid('param').id)));

  // ---- candidates (ranked per opening) ----
  r.get('/openings/:id/candidates', contract({ summary: 'Listar candidatos da vaga', params: openingId, response: candidateListSchema }), async (c) =>
    c.json({ candidates: await listCandidates(tenant(c), c.req.valid('param').id) }),
  );
  r.post(
    '/openings/:id/candidates',
    write,
    contract({ summary: 'Cadastrar candidato', params: openingId, body: candidateCreateSchema, response: candidateViewSchema, status: 201 }),
    async (c) => {
      const { id } = c.req.valid('param');
      await getOpening(tenant(c), id);
      return c.json(await createCandidate(tenant(c), id, c.req.valid('json')), 201);
    },
  );
  r.get('/candidates/:id', contract({ summary: 'Ver candidato', params: candidateId, response: candidateViewSchema }), async (c) =>
    c.json(await getCandidate(tenant(c), c.req.valid('param').id)),
  );
  r.patch('/candidates/:id', write, contract({ summary: 'Alterar candidato', params: candidateId, body: candidateUpdateSchema, response: candidateViewSchema }), async (c) => {
    const { id } = c.req.valid('param');
    await getCandidate(tenant(c), id);
    return c.json(await updateCandidate(tenant(c), id, c.req.valid('json')));
  });
  r.delete('/candidates/:id', del, contract({ summary: 'Excluir candidato', params: candidateId, response: okSchema }), async (c) => answerSuccess(c, deleteCandidate(s, tenant(c), c.req.valid('param').id)));
  analysesRoutes('/candidates', candidateId, getCandidate, { kind: 'resume', entityType: CANDIDATE_ENTITY }, {
    list: ['Listar análises do currículo', resumeAnalysisListSchema],
    start: ['Analisar currículo com IA', resumeAnalysisViewSchema],
  });

  // ---- interviews ----
  r.get('/interviews', contract({ summary: 'Listar entrevistas', response: interviewListSchema }), async (c) => c.json({ interviews: await listInterviews(tenant(c)) }));
  r.post('/interviews', write, contract({ summary: 'Registrar entrevista', body: interviewCreateSchema, response: interviewViewSchema, status: 201 }), async (c) =>
    c.json(await createInterview(tenant(c), c.req.valid('json').candidateId), 201),
  );
  r.get('/interviews/:id', contract({ summary: 'Ver entrevista', params: interviewId, response: interviewViewSchema }), async (c) =>
    c.json(await getInterview(tenant(c), c.req.valid('param').id)),
  );
  r.delete('/interviews/:id', del, contract({ summary: 'Excluir entrevista', params: interviewId, response: okSchema }), async (c) => answerSuccess(c, deleteInterview(s, tenant(c), c.req.valid('param').id)));
  analysesRoutes('/interviews', interviewId, getInterview, { kind: 'interview', entityType: INTERVIEW_ENTITY }, {
    list: ['Listar análises da entrevista', interviewAnalysisListSchema],
    start: ['Analisar entrevista com IA', interviewAnalysisViewSchema],
  });

  /** One analysis (a résumé's or an interview's) of the company. */
  r.get('/analyses/:id', contract({ summary: 'Ver análise', params: analysisId, response: recruitingAnalysisViewSchema }), async (c) => {
    const { id } = c.req.valid('param');
    for (const kind of ['resume', 'interview'] as AnalysisKind[]) {
      try {
        return c.json(await getAnalysis(tenant(c), kind, id, M.analysisNotFound));
      } catch (e) {
        if (!(e instanceof AppError && e.status === 404)) throw e;
      }
    }
    throw notFound(M.analysisNotFound);
  });

  // ---- retention (LGPD) ----
  r.get('/settings', contract({ summary: 'Ver prazo de retenção', response: recruitingSettingsSchema }), async (c) => c.json(await getSettings(tenant(c))));
  r.put('/settings', write, contract({ summary: 'Alterar prazo de retenção', body: settingsUpdateSchema, response: recruitingSettingsSchema }), async (c) =>
    c.json(await updateSettings(tenant(c), c.req.valid('json').retentionMonths)),
  );

  return r;
}
