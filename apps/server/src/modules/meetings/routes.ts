import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { schema } from '@sede/db/client';
import {
  confirmStepsSchema,
  idSchema,
  meetingCreateSchema,
  meetingListQuerySchema,
  MEETING_MESSAGES as M,
  renameSpeakersSchema,
  startMeetingAnalysisSchema,
  type MeetingAnalysisResult,
  type MeetingAnalysisView,
} from '@sede/shared/meetings/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { requireAiCredentials } from '../../platform/ai/index.ts';
import { getAnalysis, listAnalyses, startAnalysis } from '../../platform/analysis/index.ts';
import type { AnalysisView } from '@sede/shared/analysis/schemas';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import { createdSteps, createMeeting, deleteMeeting, getMeeting, listMeetings, MEETING_ENTITY } from './service.ts';
import { renameSpeakers } from './speakers.ts';
import { confirmSteps } from './steps.ts';

const { files: F } = schema;

/** A file attached to this meeting (platform files, entity 'meeting'); anything else is 404. */
async function meetingFile(tenant: Tenant, meetingId: string, fileId: string) {
  const [file] = await tenant.db
    .select({ id: F.id })
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.companyId, tenant.companyId), eq(F.entityType, MEETING_ENTITY), eq(F.entityId, meetingId), isNull(F.deletedAt)));
  if (!file) throw notFound(M.fileNotFound);
  return file;
}

const withSteps = async (tenant: Tenant, a: AnalysisView<MeetingAnalysisResult>): Promise<MeetingAnalysisView> => ({ ...a, createdTasks: await createdSteps(tenant, a.id) });

/** Sales-meeting analysis (/api/meetings): meetings of CRM deals and their analyses; the `comercial` area's actions. */
export function meetingsRoutes(s: Services) {
  const r = areaRouter(s, 'comercial.read');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
  const id = (c: Context<CompanyEnv>, message: string = M.notFound) => {
    const parsed = idSchema.safeParse(c.req.param('id'));
    if (!parsed.success) throw notFound(message);
    return parsed.data;
  };

  r.get('/', async (c) => c.json({ meetings: await listMeetings(tenant(c), parseWith(meetingListQuerySchema, c.req.query())) }));
  r.post('/', requirePermission('comercial.write'), async (c) => c.json(await createMeeting(tenant(c), parseWith(meetingCreateSchema, await readJson(c))), 201));
  r.get('/analyses/:id', async (c) => c.json(await withSteps(tenant(c), await getAnalysis<MeetingAnalysisResult>(tenant(c), 'meeting', id(c, M.analysisNotFound), M.analysisNotFound))));
  /** The chosen next steps become activities on the deal (the person confirmed them). */
  r.post('/analyses/:id/confirm', requirePermission('comercial.write'), async (c) => {
    const analysisId = id(c, M.analysisNotFound);
    const { steps } = parseWith(confirmStepsSchema, await readJson(c));
    const tasks = await confirmSteps(s, tenant(c), c.get('viewer'), analysisId, steps);
    return c.json({ tasks }, 201);
  });
  /** Names the speakers of a done analysis ('Falante 1' → 'Ana'): transcript, talk-time and next steps. */
  r.put('/analyses/:id/speakers', requirePermission('comercial.write'), async (c) => {
    const analysisId = id(c, M.analysisNotFound);
    await renameSpeakers(tenant(c), analysisId, parseWith(renameSpeakersSchema, await readJson(c)));
    return c.json(await withSteps(tenant(c), await getAnalysis<MeetingAnalysisResult>(tenant(c), 'meeting', analysisId, M.analysisNotFound)));
  });
  r.get('/:id', async (c) => c.json(await getMeeting(tenant(c), id(c))));
  r.delete('/:id', requirePermission('comercial.delete'), async (c) => {
    await deleteMeeting(s, tenant(c), id(c));
    return c.json({ success: true });
  });
  r.get('/:id/analyses', async (c) => {
    const meeting = await getMeeting(tenant(c), id(c));
    const list = await listAnalyses<MeetingAnalysisResult>(tenant(c), 'meeting', meeting.id);
    return c.json({ analyses: await Promise.all(list.map((a) => withSteps(tenant(c), a))) });
  });
  r.post('/:id/analyses', requirePermission('comercial.ai'), async (c) => {
    const meeting = await getMeeting(tenant(c), id(c));
    const { fileId } = parseWith(startMeetingAnalysisSchema, await readJson(c));
    await meetingFile(tenant(c), meeting.id, fileId);
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const analysis = await startAnalysis(s, tenant(c), { kind: 'meeting', subjectId: meeting.id, fileId, creds });
    return c.json({ ...analysis, createdTasks: [] }, 202);
  });

  return r;
}
