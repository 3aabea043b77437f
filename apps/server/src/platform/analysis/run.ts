import type { Readable } from 'node:stream';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { withTransaction } from '@sede/db/transaction';
import { ANALYSIS_STAGES, MATERIAL_MESSAGES as M, type AnalysisKind, type AnalysisStatus, type AnalysisView } from '@sede/shared/analysis/schemas';
import { FILE_KINDS } from '@sede/shared/platform/files';
import { PAID_ACTION_MESSAGES, priceOf, type PaidAction } from '@sede/shared/platform/prices';
import { AppError, notFound } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { AI_MESSAGES, aiCredentials, requireAiCredentials, type AiCredentials } from '../ai/index.ts';
import { storageFromConfig } from '../files/storage.ts';
import { GENERIC_FAILURE, JobFailure, defineJob, startJob, wakeJobWorker } from '../jobs/run.ts';
import { announce } from '../live/announce.ts';
import { serverState } from '../module.ts';
import { refundPaidAction, runPaidAction } from '../paid-actions/index.ts';
import { transcribeRecording } from './audio.ts';
import { formatOf, readMaterial, type Material } from './material.ts';

/**
 * The analysis run (decisions 0210–0212): every analysis is a platform job
 * ('analysis.run') with live stages, paid once through runPaidAction (reference
 * `analysis:<id>`), its result stored as a new version of the subject's analyses. Areas register
 * their kind (prompt, schema, price) in their module's `start` and start runs from their routes.
 */

const { analyses: A, files: F, companies: C, paidActions: P, user: U } = schema;

export const ANALYSIS_JOB = 'analysis.run';

export type AnalyzeContext = { s: Services; tenant: Tenant; creds: AiCredentials; material: Material; fileName: string; subjectId: string };

export type AnalysisKindDefinition = {
  kind: AnalysisKind;
  /** The subject's entity type (platform/entities.ts), announced live when a version changes. */
  subjectType: string;
  action: PaidAction;
  /** Calls the model on the material and returns the result to store (throw AppError for a readable failure). */
  analyze: (ctx: AnalyzeContext) => Promise<unknown>;
};

type JobInput = { analysisId: string; ownKey: boolean };
type State = { kinds: Map<string, AnalysisKindDefinition>; ownKeys: Map<string, AiCredentials>; defined: Promise<void> | null };
const state = (s: Services) => serverState<State>(s, 'platform.analysis', () => ({ kinds: new Map(), ownKeys: new Map(), defined: null }));

const MAX_BYTES = FILE_KINDS.document.maxBytes;

/** Registers an area's kind of analysis and (once per server) the job that runs them all. */
export async function registerAnalysisKind(s: Services, def: AnalysisKindDefinition): Promise<void> {
  const st = state(s);
  st.kinds.set(def.kind, def);
  st.defined ??= defineJob<JobInput, { analysisId: string; charged: number }>(s, ANALYSIS_JOB, (ctx) => runAnalysisJob(s, ctx), {
    // One retry only after a crash: a handler failure is always a JobFailure (no retry, no second charge).
    retryLimit: 1,
    expireInMinutes: 20,
  });
  await st.defined;
}

type Row = typeof A.$inferSelect & { fileName: string | null; createdByName: string | null };

export const toAnalysisView = <R>(r: Row): AnalysisView<R> => ({
  id: r.id,
  kind: r.kind as AnalysisKind,
  subjectId: r.subjectId,
  fileId: r.fileId,
  fileName: r.fileName,
  status: r.status as AnalysisStatus,
  jobRunId: r.jobRunId,
  version: r.version,
  result: (r.result as R) ?? null,
  error: r.error,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  charged: r.charged,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const selectRows = (tenant: Tenant) =>
  tenant.db
    .select({ a: A, fileName: F.name, createdByName: U.name })
    .from(A)
    .leftJoin(F, eq(F.id, A.fileId))
    .leftJoin(U, eq(U.id, A.createdBy));

const flat = (r: { a: typeof A.$inferSelect; fileName: string | null; createdByName: string | null }): Row => ({ ...r.a, fileName: r.fileName, createdByName: r.createdByName });

/** Every version of a subject's analyses of a kind, newest first. */
export async function listAnalyses<R>(tenant: Tenant, kind: AnalysisKind, subjectId: string): Promise<AnalysisView<R>[]> {
  const rows = await selectRows(tenant)
    .where(and(eq(A.companyId, tenant.companyId), eq(A.kind, kind), eq(A.subjectId, subjectId)))
    .orderBy(desc(A.version));
  return rows.map((r) => toAnalysisView<R>(flat(r)));
}

/** One analysis of the tenant's company (of a kind); another company's or a malformed id is 404. */
export async function getAnalysis<R>(tenant: Tenant, kind: AnalysisKind, id: string, message = 'Análise não encontrada.'): Promise<AnalysisView<R>> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(message);
  const [row] = await selectRows(tenant).where(and(eq(A.companyId, tenant.companyId), eq(A.kind, kind), eq(A.id, id)));
  if (!row) throw notFound(message);
  return toAnalysisView<R>(flat(row));
}

/**
 * A route's start of the analysis of one of a subject's files: the file checked as the subject's
 * (`checks.file`), the request's AI credentials (own key headers, else the platform's), any check
 * of the material itself (`checks.material`), then `startAnalysis`.
 */
export async function startFileAnalysis(
  s: Services,
  tenant: Tenant,
  headers: Headers,
  o: { kind: AnalysisKind; subjectId: string; fileId: string },
  checks: { file: () => Promise<unknown>; material?: () => Promise<unknown> },
): Promise<AnalysisView> {
  await checks.file();
  const creds = await requireAiCredentials(s.cfg, headers);
  await checks.material?.();
  return startAnalysis(s, tenant, { ...o, creds });
}

/**
 * Starts an analysis: checks the price against the balance (409 INSUFFICIENT_COINS before any
 * work), writes the new version (queued) and its job in one transaction. The person's own AI key
 * stays in this server's memory for the run only (never stored).
 */
export async function startAnalysis(
  s: Services,
  tenant: Tenant,
  o: { kind: AnalysisKind; subjectId: string; fileId: string; creds: AiCredentials },
): Promise<AnalysisView> {
  const def = state(s).kinds.get(o.kind);
  if (!def) throw new Error(`startAnalysis: kind ${o.kind} not registered`);
  if (o.creds.source === 'platform') {
    const price = priceOf(def.action, 1);
    const [co] = await tenant.db.select({ balance: C.currencyAmount }).from(C).where(eq(C.id, tenant.companyId));
    const balance = Number(co?.balance ?? 0);
    if (balance < price) {
      throw new AppError(409, 'INSUFFICIENT_COINS', PAID_ACTION_MESSAGES.insufficient(price, balance), { price, balance, buyPath: PAID_ACTION_MESSAGES.buyPath });
    }
  }
  const id = await withTransaction(s.pool, async ({ client, db }) => {
    // One version at a time per subject: the row lock serialises concurrent starts.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`analysis:${tenant.companyId}:${o.subjectId}`]);
    const [row] = await db
      .insert(A)
      .values({
        companyId: tenant.companyId,
        kind: o.kind,
        subjectType: def.subjectType,
        subjectId: o.subjectId,
        fileId: o.fileId,
        version: sql`(SELECT coalesce(max(version), 0) + 1 FROM analyses WHERE company_id = ${tenant.companyId} AND kind = ${o.kind} AND subject_id = ${o.subjectId})`,
        createdBy: tenant.actorId || null,
      })
      .returning({ id: A.id });
    const run = await startJob(s, tenant, ANALYSIS_JOB, { analysisId: row!.id, ownKey: o.creds.source === 'own' } satisfies JobInput, client);
    await db.update(A).set({ jobRunId: run.id }).where(eq(A.id, row!.id));
    await announce(client, { companyId: tenant.companyId, entity: def.subjectType, id: o.subjectId, action: 'analysis' });
    // Set before the commit (the worker may pick the job up at once); dropped if the insert fails.
    if (o.creds.source === 'own') state(s).ownKeys.set(row!.id, o.creds);
    return row!.id;
  });
  // Committed: the worker picks the run up now instead of at its next poll (up to 1 s later).
  wakeJobWorker(s, ANALYSIS_JOB);
  return getAnalysis(tenant, o.kind, id);
}

async function readAll(stream: Readable, max = MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) throw new JobFailure(M.tooLong);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The job's handler: idempotent; a resumed attempt never charges twice (decision 0211). Exported for tests. */
export async function runAnalysisJob(
  s: Services,
  ctx: { input: JobInput; tenant: Tenant; resumed: boolean; progress: (p: { stage?: string; message?: string; done?: number; total?: number | null }) => void },
): Promise<{ analysisId: string; charged: number }> {
  const { tenant, progress } = ctx;
  const id = ctx.input.analysisId;
  const [row] = await tenant.db.select().from(A).where(and(eq(A.id, id), eq(A.companyId, tenant.companyId)));
  if (!row) throw new JobFailure('Análise não encontrada.');
  if (row.status === 'done') return { analysisId: id, charged: row.charged };
  const def = state(s).kinds.get(row.kind);
  const reference = `analysis:${id}`;
  const setStatus = async (status: AnalysisStatus, fields: { error?: string | null; charged?: number } = {}) => {
    await withTransaction(s.pool, async ({ client, db }) => {
      await db
        .update(A)
        .set({ status, updatedAt: sql`now()`, ...fields })
        .where(eq(A.id, id));
      await announce(client, { companyId: tenant.companyId, entity: row.subjectType, id: row.subjectId, action: 'analysis' });
    });
  };
  const ownKeys = state(s).ownKeys;
  try {
    if (!def) throw new JobFailure(GENERIC_FAILURE);
    if (ctx.resumed) {
      // An earlier attempt died mid-run. If it had reserved the price, give it back and fail
      // cleanly; the reference is spent, so it can never be charged twice.
      const [pa] = await tenant.db.select().from(P).where(and(eq(P.companyId, tenant.companyId), eq(P.reference, reference)));
      if (pa) {
        if (pa.status === 'reserved') await refundPaidAction(s, pa.id);
        throw new JobFailure(M.interrupted);
      }
    }
    // The person's own key lives in this server's memory for the run only: lost on a restart.
    const creds = ctx.input.ownKey ? ownKeys.get(id) : aiCredentials(s.cfg, new Headers());
    if (!creds) throw new JobFailure(ctx.input.ownKey ? M.ownKeyLost : AI_MESSAGES.notConfigured);

    if (!row.fileId) throw new JobFailure(M.fileGone);
    const [file] = await tenant.db
      .select()
      .from(F)
      .where(and(eq(F.id, row.fileId), eq(F.companyId, tenant.companyId), isNull(F.deletedAt)));
    if (!file) throw new JobFailure(M.fileGone);
    const isAudio = formatOf(file.mime, file.name) === 'audio';
    // A recording: read, probed and transcribed before any charge (decision 0230); stages 0–3.
    const total = isAudio ? 3 : 2;
    await setStatus('extracting');
    progress({ stage: ANALYSIS_STAGES.extracting, done: 0, total });
    const stream = await storageFromConfig(s.cfg).get(file.storageKey);
    if (!stream) throw new JobFailure(M.fileGone);
    let material: Material;
    if (isAudio) {
      const bytes = await readAll(stream, FILE_KINDS.audio.maxBytes);
      await setStatus('transcribing');
      progress({ stage: ANALYSIS_STAGES.transcribing, done: 1, total });
      material = await transcribeRecording(s, creds, { bytes, name: file.name }, (done, parts) => {
        if (parts > 1) progress({ stage: ANALYSIS_STAGES.transcribing, done: 1, total, message: `Parte ${Math.min(done + 1, parts)} de ${parts}` });
      });
    } else {
      material = await readMaterial({ bytes: await readAll(stream), mime: file.mime, name: file.name });
    }

    await setStatus('analyzing');
    progress({ stage: ANALYSIS_STAGES.analyzing, done: total - 1, total });
    const out = await runPaidAction(s, tenant, { action: def.action, reference, ownKey: creds.source === 'own' }, async () => {
      const result = await def.analyze({ s, tenant, creds, material, fileName: file.name, subjectId: row.subjectId });
      // Stored inside the paid work: a committed charge always has its result (decision 0211).
      await tenant.db
        .update(A)
        .set({ result, status: 'done', error: null, updatedAt: sql`now()` })
        .where(eq(A.id, id));
      return result;
    });
    await setStatus('done', { charged: out.charged });
    progress({ stage: ANALYSIS_STAGES.done, done: total, total });
    return { analysisId: id, charged: out.charged };
  } catch (e) {
    const message = e instanceof JobFailure || e instanceof AppError ? e.message : GENERIC_FAILURE;
    if (!(e instanceof JobFailure || e instanceof AppError)) console.error(`[analysis] ${id} failed:`, e);
    await setStatus('failed', { error: message, charged: 0 });
    throw new JobFailure(message);
  } finally {
    ownKeys.delete(id);
    // Runs queued behind this one start as soon as it ends, not at the worker's next poll (1 s).
    wakeJobWorker(s, ANALYSIS_JOB);
  }
}
