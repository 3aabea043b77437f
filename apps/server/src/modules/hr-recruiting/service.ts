import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { DEFAULT_RETENTION_MONTHS, INTERVIEW_CONSENT_TEXT, RECRUITING_MESSAGES as M, type CandidateStage, type CandidateView, type InterviewView, type OpeningStatus, type OpeningView, type Recommendation, type Seniority, type Workplace, type candidateCreateSchema, type candidateUpdateSchema, type openingCreateSchema, type openingUpdateSchema } from '@sede/shared/recruiting/schemas';
import { hasControlCharacters } from '@sede/shared/text';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { companyRowExists, foundOr404, systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { entityFileRow, removeStoredBytes, type StoredFile } from '../files/public.ts';

const { jobOpenings: J, candidates: K, interviews: I, recruitingSettings: RS, analyses: A, files: F, user: U } = schema;

export const OPENING_ENTITY = 'job_opening';
export const CANDIDATE_ENTITY = 'candidate';
export const INTERVIEW_ENTITY = 'interview';

// ---- openings ----

type OpeningRow = typeof J.$inferSelect;
const toOpeningView = (o: OpeningRow, candidates: number): OpeningView => ({
  id: o.id,
  title: o.title,
  department: o.department,
  requirements: o.requirements,
  desiredSkills: o.desiredSkills,
  workplace: o.workplace as Workplace,
  city: o.city,
  uf: o.uf,
  seniority: o.seniority as Seniority,
  status: o.status as OpeningStatus,
  closedAt: o.closedAt?.toISOString() ?? null,
  candidates,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

// Qualified by hand: on a one-table select Drizzle renders ${J.id} as a bare "id", which the subquery would read as c.id.
const candidateCount = sql<number>`(SELECT count(*)::int FROM candidates c WHERE c.opening_id = "job_openings"."id")`;

export async function listOpenings(tenant: Tenant): Promise<OpeningView[]> {
  const rows = await tenant.db
    .select({ o: J, n: candidateCount })
    .from(J)
    .where(eq(J.companyId, tenant.companyId))
    .orderBy(sql`CASE ${J.status} WHEN 'aberta' THEN 0 WHEN 'pausada' THEN 1 ELSE 2 END`, desc(J.createdAt), desc(J.id))
    .limit(500);
  return rows.map((r) => toOpeningView(r.o, r.n));
}

export const openingExists = (tenant: Tenant, id: string) => companyRowExists(tenant, J, id);

export async function getOpening(tenant: Tenant, id: string): Promise<OpeningView> {
  const row = await foundOr404(id, M.openingNotFound, () =>
    tenant.db
      .select({ o: J, n: candidateCount })
      .from(J)
      .where(and(eq(J.id, id), eq(J.companyId, tenant.companyId))),
  );
  return toOpeningView(row.o, row.n);
}

/** A presencial or híbrida opening names its city and UF; a remote one needs neither. */
function checkPlace(workplace: Workplace, city: string | null, uf: string | null) {
  if (workplace !== 'remoto' && (!city || !uf)) throw badRequest(M.cityRequired, 'CITY_REQUIRED');
}

export async function createOpening(tenant: Tenant, input: z.output<typeof openingCreateSchema>): Promise<OpeningView> {
  const workplace = input.workplace ?? 'presencial';
  const city = workplace === 'remoto' ? null : input.city;
  const uf = workplace === 'remoto' ? null : (input.uf ?? null);
  checkPlace(workplace, city, uf);
  const status = input.status ?? 'aberta';
  const id = await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(J)
      .values({
        companyId: tenant.companyId,
        title: input.title,
        department: input.department,
        requirements: input.requirements ?? '',
        desiredSkills: input.desiredSkills ?? '',
        workplace,
        city,
        uf,
        seniority: input.seniority ?? 'pleno',
        status,
        closedAt: status === 'fechada' ? new Date() : null,
        createdBy: tenant.actorId || null,
      })
      .returning({ id: J.id });
    await announce(tx, { companyId: tenant.companyId, entity: OPENING_ENTITY, id: row!.id, action: 'created' });
    return row!.id;
  });
  return getOpening(tenant, id);
}

export async function updateOpening(tenant: Tenant, id: string, input: z.output<typeof openingUpdateSchema>): Promise<OpeningView> {
  const current = await getOpening(tenant, id);
  const workplace = input.workplace ?? current.workplace;
  const city = workplace === 'remoto' ? null : input.city === undefined ? current.city : input.city;
  const uf = workplace === 'remoto' ? null : input.uf === undefined ? current.uf : input.uf;
  checkPlace(workplace, city, uf);
  const closing = input.status === 'fechada' && current.status !== 'fechada';
  const reopening = input.status !== undefined && input.status !== 'fechada';
  await tenant.db.transaction(async (tx) => {
    await tx
      .update(J)
      .set({
        ...input,
        workplace,
        city,
        uf,
        ...(closing ? { closedAt: new Date() } : reopening ? { closedAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(J.id, id), eq(J.companyId, tenant.companyId)));
    await announce(tx, { companyId: tenant.companyId, entity: OPENING_ENTITY, id, action: 'updated' });
  });
  return getOpening(tenant, id);
}

// ---- candidates ----

const latestResume = sql`(SELECT a.id FROM analyses a WHERE a.company_id = ${K.companyId} AND a.kind = 'resume' AND a.subject_id = ${K.id} ORDER BY a.version DESC LIMIT 1)`;
const latestDoneResume = sql`(SELECT a.id FROM analyses a WHERE a.company_id = ${K.companyId} AND a.kind = 'resume' AND a.subject_id = ${K.id} AND a.status = 'done' ORDER BY a.version DESC LIMIT 1)`;
const scoreExpr = sql<number | null>`(SELECT (a.result->>'score')::int FROM analyses a WHERE a.id = ${latestDoneResume})`;
const candidateColumns = {
  k: K,
  openingTitle: J.title,
  score: scoreExpr,
  analysisStatus: sql<string | null>`(SELECT a.status FROM analyses a WHERE a.id = ${latestResume})`,
  analysisJobRunId: sql<string | null>`(SELECT a.job_run_id FROM analyses a WHERE a.id = ${latestResume})`,
};
type CandidateRow = { k: typeof K.$inferSelect; openingTitle: string; score: number | null; analysisStatus: string | null; analysisJobRunId: string | null };
const toCandidateView = (r: CandidateRow): CandidateView => ({
  id: r.k.id,
  openingId: r.k.openingId,
  openingTitle: r.openingTitle,
  name: r.k.name,
  stage: r.k.stage as CandidateStage,
  score: r.score,
  analysisStatus: r.analysisStatus,
  analysisJobRunId: r.analysisJobRunId,
  createdAt: r.k.createdAt.toISOString(),
  updatedAt: r.k.updatedAt.toISOString(),
});
const candidateBase = (tenant: Tenant) => tenant.db.select(candidateColumns).from(K).innerJoin(J, eq(J.id, K.openingId));

/** The opening's candidates ranked by fit score (best first; not yet analysed last). */
export async function listCandidates(tenant: Tenant, openingId: string): Promise<CandidateView[]> {
  await getOpening(tenant, openingId);
  const rows = await candidateBase(tenant)
    .where(and(eq(K.companyId, tenant.companyId), eq(K.openingId, openingId)))
    .orderBy(sql`${scoreExpr} DESC NULLS LAST`, asc(K.createdAt), asc(K.id))
    .limit(1000);
  return rows.map(toCandidateView);
}

export const candidateExists = (tenant: Tenant, id: string) => companyRowExists(tenant, K, id);

export async function getCandidate(tenant: Tenant, id: string): Promise<CandidateView> {
  return toCandidateView(await foundOr404(id, M.candidateNotFound, () => candidateBase(tenant).where(and(eq(K.id, id), eq(K.companyId, tenant.companyId)))));
}

export async function createCandidate(tenant: Tenant, openingId: string, input: z.output<typeof candidateCreateSchema>): Promise<CandidateView> {
  const opening = await getOpening(tenant, openingId);
  if (opening.status === 'fechada') throw conflict(M.openingClosed, 'OPENING_CLOSED');
  const id = await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(K)
      .values({ companyId: tenant.companyId, openingId, name: input.name, nameFromFile: input.nameFromFile ?? false, createdBy: tenant.actorId || null })
      .returning({ id: K.id });
    await announce(tx, { companyId: tenant.companyId, entity: OPENING_ENTITY, id: openingId, action: 'updated' });
    return row!.id;
  });
  return getCandidate(tenant, id);
}

export async function updateCandidate(tenant: Tenant, id: string, input: z.output<typeof candidateUpdateSchema>): Promise<CandidateView> {
  const current = await getCandidate(tenant, id);
  await tenant.db.transaction(async (tx) => {
    await tx
      .update(K)
      .set({ ...input, ...(input.name ? { nameFromFile: false } : {}), updatedAt: sql`now()` })
      .where(and(eq(K.id, id), eq(K.companyId, tenant.companyId)));
    await announce(tx, { companyId: tenant.companyId, entity: OPENING_ENTITY, id: current.openingId, action: 'updated' });
    await announce(tx, { companyId: tenant.companyId, entity: CANDIDATE_ENTITY, id, action: 'updated' });
  });
  return getCandidate(tenant, id);
}

/** The résumé analysis read the candidate's name: it replaces a name taken from the file name. */
export async function nameFromResume(tenant: Tenant, id: string, name: string | null): Promise<void> {
  const clean = name?.trim().slice(0, 160);
  if (!clean || hasControlCharacters(clean)) return;
  await tenant.db
    .update(K)
    .set({ name: clean, nameFromFile: false, updatedAt: sql`now()` })
    .where(and(eq(K.id, id), eq(K.companyId, tenant.companyId), eq(K.nameFromFile, true)));
}

// ---- interviews ----

const latestInterview = sql`(SELECT a.id FROM analyses a WHERE a.company_id = ${I.companyId} AND a.kind = 'interview' AND a.subject_id = ${I.id} ORDER BY a.version DESC LIMIT 1)`;
const latestDoneInterview = sql`(SELECT a.id FROM analyses a WHERE a.company_id = ${I.companyId} AND a.kind = 'interview' AND a.subject_id = ${I.id} AND a.status = 'done' ORDER BY a.version DESC LIMIT 1)`;
const interviewColumns = {
  i: I,
  candidateName: K.name,
  openingTitle: J.title,
  consentByName: U.name,
  recommendation: sql<Recommendation | null>`(SELECT a.result->>'recommendation' FROM analyses a WHERE a.id = ${latestDoneInterview})`,
  analysisStatus: sql<string | null>`(SELECT a.status FROM analyses a WHERE a.id = ${latestInterview})`,
};
const interviewBase = (tenant: Tenant) =>
  tenant.db.select(interviewColumns).from(I).innerJoin(K, eq(K.id, I.candidateId)).innerJoin(J, eq(J.id, I.openingId)).leftJoin(U, eq(U.id, I.consentBy));
type InterviewRow = { i: typeof I.$inferSelect; candidateName: string; openingTitle: string; consentByName: string | null; recommendation: Recommendation | null; analysisStatus: string | null };
const toInterviewView = (r: InterviewRow): InterviewView => ({
  id: r.i.id,
  candidateId: r.i.candidateId,
  candidateName: r.candidateName,
  openingId: r.i.openingId,
  openingTitle: r.openingTitle,
  consentText: r.i.consentText,
  consentBy: r.i.consentBy,
  consentByName: r.consentByName,
  consentAt: r.i.consentAt.toISOString(),
  recommendation: r.recommendation,
  analysisStatus: r.analysisStatus,
  createdAt: r.i.createdAt.toISOString(),
});

export async function listInterviews(tenant: Tenant, candidateId?: string): Promise<InterviewView[]> {
  const rows = await interviewBase(tenant)
    .where(and(eq(I.companyId, tenant.companyId), candidateId ? eq(I.candidateId, candidateId) : undefined))
    .orderBy(desc(I.createdAt), desc(I.id))
    .limit(500);
  return rows.map(toInterviewView);
}

export const interviewExists = (tenant: Tenant, id: string) => companyRowExists(tenant, I, id);

export async function getInterview(tenant: Tenant, id: string): Promise<InterviewView> {
  return toInterviewView(await foundOr404(id, M.interviewNotFound, () => interviewBase(tenant).where(and(eq(I.id, id), eq(I.companyId, tenant.companyId)))));
}

/** The interview of a candidate, with the consent confirmed by the person sending it (who, when, the text). */
export async function createInterview(tenant: Tenant, candidateId: string): Promise<InterviewView> {
  const candidate = await getCandidate(tenant, candidateId);
  const id = await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(I)
      .values({
        companyId: tenant.companyId,
        candidateId,
        openingId: candidate.openingId,
        consentText: INTERVIEW_CONSENT_TEXT,
        consentBy: tenant.actorId || null,
        createdBy: tenant.actorId || null,
      })
      .returning({ id: I.id });
    await announce(tx, { companyId: tenant.companyId, entity: INTERVIEW_ENTITY, id: row!.id, action: 'created' });
    return row!.id;
  });
  return getInterview(tenant, id);
}

// ---- deletion and retention (LGPD; decision 0227) ----

type Db = DbOrTx;

/**
 * Erases candidates and interviews with everything about them: their analyses, their files (rows
 * and bytes) and, for candidates, their interviews. Runs in the caller's transaction; returns the
 * files whose bytes go once it commits (`removeStoredBytes`).
 */
async function eraseRows(tx: Db, companyId: string, o: { candidateIds: string[]; interviewIds: string[] }): Promise<StoredFile[]> {
  const interviewIds = new Set(o.interviewIds);
  if (o.candidateIds.length) {
    const rows = await tx
      .select({ id: I.id })
      .from(I)
      .where(and(eq(I.companyId, companyId), inArray(I.candidateId, o.candidateIds)));
    for (const r of rows) interviewIds.add(r.id);
  }
  const subjects = [...o.candidateIds, ...interviewIds];
  if (!subjects.length) return [];
  await tx.delete(A).where(and(eq(A.companyId, companyId), inArray(A.kind, ['resume', 'interview']), inArray(A.subjectId, subjects)));
  const fileRows = await tx
    .delete(F)
    .where(and(eq(F.companyId, companyId), inArray(F.entityType, [CANDIDATE_ENTITY, INTERVIEW_ENTITY]), inArray(F.entityId, subjects)))
    .returning({ storageKey: F.storageKey, thumbnailKey: F.thumbnailKey });
  if (interviewIds.size) await tx.delete(I).where(and(eq(I.companyId, companyId), inArray(I.id, [...interviewIds])));
  if (o.candidateIds.length) await tx.delete(K).where(and(eq(K.companyId, companyId), inArray(K.id, o.candidateIds)));
  return fileRows;
}

/** `eraseRows` in one transaction with what `record` writes beside it (audit, live changes), then the files' bytes. */
async function erase(s: Services, db: Db, companyId: string, o: { candidateIds: string[]; interviewIds: string[] }, record: (tx: Db) => Promise<unknown>) {
  const files = await db.transaction(async (tx) => {
    const files = await eraseRows(tx, companyId, o);
    await record(tx);
    return files;
  });
  await removeStoredBytes(s, files);
}

export async function deleteCandidate(s: Services, tenant: Tenant, id: string): Promise<void> {
  const current = await getCandidate(tenant, id);
  await erase(s, tenant.db, tenant.companyId, { candidateIds: [id], interviewIds: [] }, async (tx) => {
    // The opening's title only: the candidate's name is personal data (decision 0128).
    await logAudit(tx, tenant, { action: 'candidate_deleted', entity: CANDIDATE_ENTITY, id, details: { label: current.openingTitle } });
    await announce(tx, { companyId: tenant.companyId, entity: OPENING_ENTITY, id: current.openingId, action: 'updated' });
    await announce(tx, { companyId: tenant.companyId, entity: CANDIDATE_ENTITY, id, action: 'deleted' });
  });
}

export async function deleteInterview(s: Services, tenant: Tenant, id: string): Promise<void> {
  const current = await getInterview(tenant, id);
  await erase(s, tenant.db, tenant.companyId, { candidateIds: [], interviewIds: [id] }, async (tx) => {
    await logAudit(tx, tenant, { action: 'interview_deleted', entity: INTERVIEW_ENTITY, id, details: { label: current.openingTitle } });
    await announce(tx, { companyId: tenant.companyId, entity: INTERVIEW_ENTITY, id, action: 'deleted' });
  });
}

export async function deleteOpening(s: Services, tenant: Tenant, id: string): Promise<void> {
  const current = await getOpening(tenant, id);
  const files = await tenant.db.transaction(async (tx) => {
    const ids = (
      await tx
        .select({ id: K.id })
        .from(K)
        .where(and(eq(K.companyId, tenant.companyId), eq(K.openingId, id)))
    ).map((r) => r.id);
    const files = await eraseRows(tx, tenant.companyId, { candidateIds: ids, interviewIds: [] });
    await tx.delete(J).where(and(eq(J.id, id), eq(J.companyId, tenant.companyId)));
    await logAudit(tx, tenant, { action: 'job_opening_deleted', entity: OPENING_ENTITY, id, details: { label: current.title, candidates: ids.length } });
    await announce(tx, { companyId: tenant.companyId, entity: OPENING_ENTITY, id, action: 'deleted' });
    return files;
  });
  await removeStoredBytes(s, files);
}

export async function getSettings(tenant: Tenant): Promise<{ retentionMonths: number }> {
  const [row] = await tenant.db.select().from(RS).where(eq(RS.companyId, tenant.companyId));
  return { retentionMonths: row?.retentionMonths ?? DEFAULT_RETENTION_MONTHS };
}

export async function updateSettings(tenant: Tenant, retentionMonths: number): Promise<{ retentionMonths: number }> {
  await tenant.db.transaction(async (tx) => {
    await tx
      .insert(RS)
      .values({ companyId: tenant.companyId, retentionMonths })
      .onConflictDoUpdate({ target: RS.companyId, set: { retentionMonths, updatedAt: sql`now()` } });
    await logAudit(tx, tenant, { action: 'recruiting_retention_changed', entity: 'recruiting_settings', id: null, details: { retentionMonths } });
  });
  return getSettings(tenant);
}

/**
 * The retention purge (schedule 'rh-recruiting-retention'): candidates of openings closed longer
 * ago than their company's retention period are erased with their files, analyses and interviews.
 * Returns how many candidates were erased.
 */
export async function purgeExpiredCandidates(s: Services, now = new Date()): Promise<number> {
  // The schedule's scan of every company for candidates past their retention.
  const due = await s.db
    .select({ id: K.id, companyId: K.companyId })
    .from(K)
    .innerJoin(J, eq(J.id, K.openingId))
    .leftJoin(RS, eq(RS.companyId, K.companyId))
    .where(
      and(
        eq(J.status, 'fechada'),
        sql`${J.closedAt} IS NOT NULL`,
        sql`${J.closedAt} < ${now.toISOString()}::timestamptz - make_interval(months => coalesce(${RS.retentionMonths}, ${DEFAULT_RETENTION_MONTHS}))`,
      ),
    )
    .limit(5000);
  const byCompany = new Map<string, string[]>();
  for (const r of due) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r.id]);
  for (const [companyId, ids] of byCompany) {
    await erase(s, systemTenant(s, companyId, 'schedule').db, companyId, { candidateIds: ids, interviewIds: [] }, (tx) =>
      logAudit(tx, { companyId, actorId: null }, { action: 'candidates_erased_by_retention', entity: CANDIDATE_ENTITY, id: null, details: { by: 'sistema', reason: 'retention', count: ids.length } }),
    );
  }
  return due.length;
}

/** The file of a candidate or interview (platform files), not deleted; anything else is 404. */
export async function subjectFile(tenant: Tenant, entityType: string, entityId: string, fileId: string) {
  const file = await entityFileRow(tenant, fileId, entityType, entityId);
  if (!file) throw notFound(M.fileNotFound);
  return file;
}
