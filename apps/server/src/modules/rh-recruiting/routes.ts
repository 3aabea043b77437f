import type { Context } from 'hono';
import {
  candidateCreateSchema,
  candidateUpdateSchema,
  idSchema,
  interviewCreateSchema,
  openingCreateSchema,
  openingUpdateSchema,
  RECRUITING_MESSAGES as M,
  settingsUpdateSchema,
  startAnalysisSchema,
  type InterviewAnalysisResult,
  type ResumeAnalysisResult,
} from '@sede/shared/recruiting/schemas';
import type { AnalysisKind } from '@sede/shared/analysis/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { AppError, notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { requireAiCredentials } from '../../platform/ai/index.ts';
import { formatOf, getAnalysis, listAnalyses, readMaterial, startAnalysis } from '../../platform/analysis/index.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import {
  CANDIDATE_ENTITY,
  createCandidate,
  createInterview,
  createOpening,
  deleteCandidate,
  deleteInterview,
  deleteOpening,
  getCandidate,
  getInterview,
  getOpening,
  getSettings,
  INTERVIEW_ENTITY,
  listCandidates,
  listInterviews,
  listOpenings,
  subjectFile,
  updateCandidate,
  updateOpening,
  updateSettings,
} from './service.ts';

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

/** RH's recruiting API (/api/rh-recruiting): openings, candidates with résumé analyses, interviews with their analyses. */
export function recruitingRoutes(s: Services) {
  const r = areaRouter(s, 'rh.read');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
  const id = (c: Context<CompanyEnv>, message: string) => {
    const parsed = idSchema.safeParse(c.req.param('id'));
    if (!parsed.success) throw notFound(message);
    return parsed.data;
  };

  // ---- openings ----
  r.get('/openings', async (c) => c.json({ openings: await listOpenings(tenant(c)) }));
  r.post('/openings', requirePermission('rh.write'), async (c) => c.json(await createOpening(tenant(c), parseWith(openingCreateSchema, await readJson(c))), 201));
  r.get('/openings/:id', async (c) => c.json(await getOpening(tenant(c), id(c, M.openingNotFound))));
  r.patch('/openings/:id', requirePermission('rh.write'), async (c) => {
    const openingId = id(c, M.openingNotFound);
    const input = parseWith(openingUpdateSchema, await readJson(c));
    await getOpening(tenant(c), openingId);
    return c.json(await updateOpening(tenant(c), openingId, input));
  });
  r.delete('/openings/:id', requirePermission('rh.delete'), async (c) => {
    await deleteOpening(s, tenant(c), id(c, M.openingNotFound));
    return c.json({ success: true });
  });

  // ---- candidates (ranked per opening) ----
  r.get('/openings/:id/candidates', async (c) => c.json({ candidates: await listCandidates(tenant(c), id(c, M.openingNotFound)) }));
  r.post('/openings/:id/candidates', requirePermission('rh.write'), async (c) => {
    const openingId = id(c, M.openingNotFound);
    await getOpening(tenant(c), openingId);
    return c.json(await createCandidate(tenant(c), openingId, parseWith(candidateCreateSchema, await readJson(c))), 201);
  });
  r.get('/candidates/:id', async (c) => c.json(await getCandidate(tenant(c), id(c, M.candidateNotFound))));
  r.patch('/candidates/:id', requirePermission('rh.write'), async (c) => {
    const candidateId = id(c, M.candidateNotFound);
    const input = parseWith(candidateUpdateSchema, await readJson(c));
    await getCandidate(tenant(c), candidateId);
    return c.json(await updateCandidate(tenant(c), candidateId, input));
  });
  r.delete('/candidates/:id', requirePermission('rh.delete'), async (c) => {
    await deleteCandidate(s, tenant(c), id(c, M.candidateNotFound));
    return c.json({ success: true });
  });
  r.get('/candidates/:id/analyses', async (c) => {
    const candidate = await getCandidate(tenant(c), id(c, M.candidateNotFound));
    return c.json({ analyses: await listAnalyses<ResumeAnalysisResult>(tenant(c), 'resume', candidate.id) });
  });
  r.post('/candidates/:id/analyses', requirePermission('rh.ai'), async (c) => {
    const candidate = await getCandidate(tenant(c), id(c, M.candidateNotFound));
    const { fileId } = parseWith(startAnalysisSchema, await readJson(c));
    await subjectFile(tenant(c), CANDIDATE_ENTITY, candidate.id, fileId);
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    await checkMaterial(s, tenant(c), CANDIDATE_ENTITY, candidate.id, fileId);
    return c.json(await startAnalysis(s, tenant(c), { kind: 'resume', subjectId: candidate.id, fileId, creds }), 202);
  });

  // ---- interviews ----
  r.get('/interviews', async (c) => c.json({ interviews: await listInterviews(tenant(c)) }));
  r.post('/interviews', requirePermission('rh.write'), async (c) => {
    const { candidateId } = parseWith(interviewCreateSchema, await readJson(c));
    return c.json(await createInterview(tenant(c), candidateId), 201);
  });
  r.get('/interviews/:id', async (c) => c.json(await getInterview(tenant(c), id(c, M.interviewNotFound))));
  r.delete('/interviews/:id', requirePermission('rh.delete'), async (c) => {
    await deleteInterview(s, tenant(c), id(c, M.interviewNotFound));
    return c.json({ success: true });
  });
  r.get('/interviews/:id/analyses', async (c) => {
    const interview = await getInterview(tenant(c), id(c, M.interviewNotFound));
    return c.json({ analyses: await listAnalyses<InterviewAnalysisResult>(tenant(c), 'interview', interview.id) });
  });
  r.post('/interviews/:id/analyses', requirePermission('rh.ai'), async (c) => {
    const interview = await getInterview(tenant(c), id(c, M.interviewNotFound));
    const { fileId } = parseWith(startAnalysisSchema, await readJson(c));
    await subjectFile(tenant(c), INTERVIEW_ENTITY, interview.id, fileId);
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    await checkMaterial(s, tenant(c), INTERVIEW_ENTITY, interview.id, fileId);
    return c.json(await startAnalysis(s, tenant(c), { kind: 'interview', subjectId: interview.id, fileId, creds }), 202);
  });

  /** One analysis (a résumé's or an interview's) of the company. */
  r.get('/analyses/:id', async (c) => {
    const analysisId = id(c, M.analysisNotFound);
    for (const kind of ['resume', 'interview'] as AnalysisKind[]) {
      try {
        return c.json(await getAnalysis(tenant(c), kind, analysisId, M.analysisNotFound));
      } catch (e) {
        if (!(e instanceof AppError && e.status === 404)) throw e;
      }
    }
    throw notFound(M.analysisNotFound);
  });

  // ---- retention (LGPD) ----
  r.get('/settings', async (c) => c.json(await getSettings(tenant(c))));
  r.put('/settings', requirePermission('rh.write'), async (c) => c.json(await updateSettings(tenant(c), parseWith(settingsUpdateSchema, await readJson(c)).retentionMonths)));

  return r;
}
