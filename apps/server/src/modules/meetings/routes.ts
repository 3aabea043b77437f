import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { okSchema } from '@sede/shared/platform/api';
import { confirmedStepsSchema, confirmStepsSchema, meetingAnalysisListSchema, meetingAnalysisViewSchema, meetingCreateSchema, meetingListQuerySchema, meetingListSchema, meetingViewSchema, MEETING_MESSAGES as M, renameSpeakersSchema, startMeetingAnalysisSchema, type MeetingAnalysisResult, type MeetingAnalysisView } from '@sede/shared/meetings/schemas';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { getAnalysis, listAnalyses, startFileAnalysis } from '../../platform/analysis/index.ts';
import type { AnalysisView } from '@sede/shared/analysis/schemas';
import type { Services, Tenant} from '../../services.ts';
import { createdSteps, createMeeting, deleteMeeting, getMeeting, listMeetings, MEETING_ENTITY } from './service.ts';
import { renameSpeakers } from './speakers.ts';
import { confirmSteps } from './steps.ts';

const { files: F } = schema;
const meetingParams = idParams(M.notFound);
const analysisParams = idParams(M.analysisNotFound);

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
  const r = areaRouter(s, 'sales.read');
  r.get('/', contract({ summary: 'Listar reuniões', query: meetingListQuerySchema, response: meetingListSchema }), async (c) =>
    c.json({ meetings: await listMeetings(tenant(c), c.req.valid('query')) }),
  );
  r.post('/', requirePermission('sales.write'), contract({ summary: 'Registrar reunião', body: meetingCreateSchema, response: meetingViewSchema, status: 201 }), async (c) =>
    c.json(await createMeeting(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/analyses/:id', contract({ summary: 'Ver análise de reunião', params: analysisParams, response: meetingAnalysisViewSchema }), async (c) => {
    const id = c.req.valid('param').id;
    return c.json(await withSteps(tenant(c), await getAnalysis<MeetingAnalysisResult>(tenant(c), 'meeting', id, M.analysisNotFound)));
  });
  /** The chosen next steps become activities on the deal (the person confirmed them). */
  r.post(
    '/analyses/:id/confirm',
    requirePermission('sales.write'),
    contract({ summary: 'Criar atividades dos próximos passos', params: analysisParams, body: confirmStepsSchema, response: confirmedStepsSchema, status: 201 }),
    async (c) => {
      const tasks = await confirmSteps(s, tenant(c), c.get('viewer'), c.req.valid('param').id, c.req.valid('json').steps);
      return c.json({ tasks }, 201);
    },
  );
  /** Names the speakers of a done analysis ('Falante 1' → 'Ana'): transcript, talk-time and next steps. */
  r.put(
    '/analyses/:id/speakers',
    requirePermission('sales.write'),
    contract({ summary: 'Dar nome aos falantes', params: analysisParams, body: renameSpeakersSchema, response: meetingAnalysisViewSchema }),
    async (c) => {
      const id = c.req.valid('param').id;
      await renameSpeakers(tenant(c), id, c.req.valid('json'));
      return c.json(await withSteps(tenant(c), await getAnalysis<MeetingAnalysisResult>(tenant(c), 'meeting', id, M.analysisNotFound)));
    },
  );
  r.get('/:id', contract({ summary: 'Ver reunião', params: meetingParams, response: meetingViewSchema }), async (c) => c.json(await getMeeting(tenant(c), c.req.valid('param').id)));
  r.delete('/:id', requirePermission('sales.delete'), contract({ summary: 'Excluir reunião', params: meetingParams, response: okSchema }), async (c) => answerSuccess(c, deleteMeeting(s, tenant(c), c.req.valid('param').id)));
  r.get('/:id/analyses', contract({ summary: 'Listar análises da reunião', params: meetingParams, response: meetingAnalysisListSchema }), async (c) => {
    const meeting = await getMeeting(tenant(c), c.req.valid('param').id);
    const list = await listAnalyses<MeetingAnalysisResult>(tenant(c), 'meeting', meeting.id);
    return c.json({ analyses: await Promise.all(list.map((a) => withSteps(tenant(c), a))) });
  });
  const analyse = contract({ summary: 'Analisar reunião com IA', params: meetingParams, body: startMeetingAnalysisSchema, response: meetingAnalysisViewSchema, status: 202 });
  r.post('/:id/analyses', requirePermission('sales.ai'), analyse, async (c) => {
    const meeting = await getMeeting(tenant(c), c.req.valid('param').id);
    const { fileId } = c.req.valid('json');
    const analysis = await startFileAnalysis(s, tenant(c), c.req.raw.headers, { kind: 'meeting', subjectId: meeting.id, fileId }, { file: () => meetingFile(tenant(c), meeting.id, fileId) });
    return c.json({ ...analysis, createdTasks: [] }, 202);
  });

  return r;
}
