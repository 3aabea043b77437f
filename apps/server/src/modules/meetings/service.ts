import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { MEETING_MESSAGES as M, type MeetingCreateInput, type MeetingsKpi, type MeetingView, type Sentiment } from '@sede/shared/meetings/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { markEntityFilesDeleted, removeStoredBytes } from '../files/public.ts';
import { isCompanyDeal } from '../crm-deals/public.ts';
import { companyRowExists } from '../../platform/tenant.ts';

const { meetings: T, deals: D, analyses: A, user: U, companyMembers: CM, meetingStepTasks: ST } = schema;

export const MEETING_ENTITY = 'meeting';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Member = { userId: string; name: string };

/** The company's members (user id and name), to map next steps' owners. */
export async function companyMembers(tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<Member[]> {
  const rows = await tenant.db.select({ userId: U.id, name: U.name }).from(CM).innerJoin(U, eq(U.id, CM.userId)).where(eq(CM.companyId, tenant.companyId));
  return rows.filter((r) => r.name.trim());
}

export const meetingExists = (tenant: Pick<Tenant, 'db' | 'companyId'>, id: string) => companyRowExists(tenant, T, id);

type LatestRow = { id: string; version: number; status: string; score: number | null; sentiment: Sentiment | null };

async function views(tenant: Pick<Tenant, 'db' | 'companyId'>, where: ReturnType<typeof and>): Promise<MeetingView[]> {
  const rows = await tenant.db
    .select({ m: T, dealTitle: D.title, consentByName: U.name })
    .from(T)
    .innerJoin(D, eq(D.id, T.dealId))
    .leftJoin(U, eq(U.id, T.consentBy))
    .where(where)
    .orderBy(desc(T.createdAt), desc(T.id))
    .limit(500);
  const latest = new Map<string, LatestRow>();
  if (rows.length) {
    const found = await tenant.db
      .selectDistinctOn([A.subjectId], {
        subjectId: A.subjectId,
        id: A.id,
        version: A.version,
        status: A.status,
        score: sql<number | null>`(${A.result}->'qualification'->>'score')::int`,
        sentiment: sql<Sentiment | null>`${A.result}->'sentiment'->>'overall'`,
      })
      .from(A)
      .where(and(eq(A.companyId, tenant.companyId), eq(A.kind, 'meeting'), inArray(A.subjectId, rows.map((r) => r.m.id))))
      .orderBy(A.subjectId, desc(A.version));
    for (const f of found) latest.set(f.subjectId, f);
  }
  return rows.map(({ m, dealTitle, consentByName }) => {
    const l = latest.get(m.id);
    return {
      id: m.id,
      dealId: m.dealId,
      dealTitle,
      title: m.title,
      occurredOn: m.occurredOn,
      consentAt: m.consentAt.toISOString(),
      consentByName,
      createdAt: m.createdAt.toISOString(),
      latest: l ? { id: l.id, version: l.version, status: l.status, qualificationScore: l.score, sentiment: l.sentiment } : null,
    };
  });
}

export async function listMeetings(tenant: Tenant, q: { dealId?: string }): Promise<MeetingView[]> {
  return views(tenant, and(eq(T.companyId, tenant.companyId), q.dealId ? eq(T.dealId, q.dealId) : undefined));
}

/** One meeting of the tenant's company; another company's or a malformed id is 404. */
export async function getMeeting(tenant: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<MeetingView> {
  if (!UUID.test(id)) throw notFound(M.notFound);
  const [view] = await views(tenant, and(eq(T.companyId, tenant.companyId), eq(T.id, id)));
  if (!view) throw notFound(M.notFound);
  return view;
}

/** A meeting of a deal of the company, with the consent of the people recorded (who and when). */
export async function createMeeting(tenant: Tenant, input: { dealId: string; title: string; occurredOn?: string | null; consent: true } | MeetingCreateInput): Promise<MeetingView> {
  if (!(await isCompanyDeal(tenant, input.dealId))) throw notFound(M.dealNotFound);
  const id = await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(T)
      .values({ companyId: tenant.companyId, dealId: input.dealId, title: input.title, occurredOn: input.occurredOn ?? todayInBrazil(), consentBy: tenant.actorId || null, createdBy: tenant.actorId || null })
      .returning({ id: T.id });
    await announce(tx, { companyId: tenant.companyId, entity: MEETING_ENTITY, id: row!.id, action: 'created' });
    return row!.id;
  });
  return getMeeting(tenant, id);
}

/**
 * Removes a meeting with its analyses and step records; its recordings and transcripts (personal
 * data of the people recorded) are deleted too: rows marked deleted, bytes removed from storage.
 */
export async function deleteMeeting(s: Services, tenant: Tenant, id: string): Promise<void> {
  const meeting = await getMeeting(tenant, id);
  const gone = await tenant.db.transaction(async (tx) => {
    const files = await markEntityFilesDeleted(tx, tenant.companyId, MEETING_ENTITY, id);
    await tx.delete(A).where(and(eq(A.companyId, tenant.companyId), eq(A.kind, 'meeting'), eq(A.subjectId, id)));
    await tx.delete(T).where(and(eq(T.companyId, tenant.companyId), eq(T.id, id)));
    await logAudit(tx, tenant, { action: 'meeting_deleted', entity: MEETING_ENTITY, id, details: { label: meeting.title } });
    await announce(tx, { companyId: tenant.companyId, entity: MEETING_ENTITY, id, action: 'deleted' });
    return files;
  });
  await removeStoredBytes(s, gone);
}

/** Steps of an analysis already turned into activities. */
export async function createdSteps(tenant: Pick<Tenant, 'db' | 'companyId'>, analysisId: string): Promise<{ stepIndex: number; taskId: string }[]> {
  const rows = await tenant.db
    .select({ stepIndex: ST.stepIndex, taskId: ST.taskId })
    .from(ST)
    .where(and(eq(ST.companyId, tenant.companyId), eq(ST.analysisId, analysisId)))
    .orderBy(ST.stepIndex);
  return rows.filter((r): r is { stepIndex: number; taskId: string } => r.taskId !== null);
}

/** /comercial's tile: meetings analysed this month (done versions, one per meeting) and their average BANT score. */
export async function meetingsKpi(tenant: Pick<Tenant, 'db' | 'companyId'>, today = todayInBrazil()): Promise<MeetingsKpi> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const rows = await tenant.db.execute<{ n: number; avg: string | null }>(sql`
    SELECT count(*)::int AS n, avg(score) AS avg FROM (
      SELECT DISTINCT ON (subject_id) (result->'qualification'->>'score')::int AS score
      FROM analyses
      WHERE company_id = ${tenant.companyId} AND kind = 'meeting' AND status = 'done'
        AND (updated_at AT TIME ZONE 'America/Sao_Paulo')::date >= ${monthStart}::date
      ORDER BY subject_id, version DESC
    ) latest`);
  const r = rows.rows[0];
  return { analysedThisMonth: Number(r?.n ?? 0), averageScore: r?.avg === null || r?.avg === undefined ? null : Math.round(Number(r.avg)) };
}
