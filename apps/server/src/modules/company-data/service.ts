import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import {
  CLOSURE_ALREADY_REQUESTED,
  CLOSURE_CONFIRMATION_MISMATCH,
  CLOSURE_GRACE_DAYS,
  CLOSURE_NOT_REQUESTED,
  type CompanyClosure,
  type CompanyExportJob,
  EXPORT_GONE,
  EXPORT_NOT_FOUND,
  EXPORT_NOT_READY,
  EXPORT_RUNNING,
  EXPORT_TTL_DAYS,
  normalizeCompanyName,
} from '@sede/shared/platform/company-data';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { exportPath, exportsDir } from '../../platform/company-data/archive.ts';
import { layout } from '../../platform/mail-templates.ts';
import { serverModules } from '../../platform/module.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { companyHasRunningExport, exportRun, startExportJob } from './export-job.ts';

const DAY = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Starts the export of everything the company holds (a ZIP under DATA_DIR/exports) as a platform job. */
export async function startExport(s: Services, tenant: Tenant): Promise<{ jobId: string }> {
  if (await companyHasRunningExport(tenant)) throw conflict(EXPORT_RUNNING, 'EXPORT_RUNNING');
  return { jobId: await startExportJob(s, tenant) };
}

const exportStatusOf = (run: { status: string }): 'running' | 'done' | 'failed' =>
  run.status === 'done' ? 'done' : run.status === 'failed' || run.status === 'canceled' ? 'failed' : 'running';

/** The ZIP of a finished export of this company, or null (another company's, expired, never made). */
async function exportFile(s: Services, companyId: string, jobId: string) {
  if (!UUID.test(jobId)) return null;
  const file = exportPath(s, companyId, jobId);
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  const expiresAt = new Date(info.mtimeMs + EXPORT_TTL_DAYS * DAY);
  return expiresAt > new Date() ? { file, size: info.size, expiresAt } : null;
}

export async function exportStatus(s: Services, tenant: Tenant, jobId: string): Promise<CompanyExportJob> {
  const run = UUID.test(jobId) ? await exportRun(tenant, jobId) : null;
  const file = await exportFile(s, tenant.companyId, jobId);
  if (!run && !file) throw notFound(EXPORT_NOT_FOUND);
  // The ZIP is in place a moment before its job is marked finished: 'done' waits for both, so a
  // client never acts on an export whose job still runs (its download would answer 409).
  const status = run && exportStatusOf(run) === 'running' ? 'running' : file ? 'done' : exportStatusOf(run!);
  const p = { stage: run?.stage ?? 'Na fila', done: run?.done ?? 0, total: run?.total ?? 0 };
  return {
    jobId,
    status,
    stage: status === 'done' ? 'Concluído' : p.stage,
    done: p.done,
    total: p.total,
    percent: status === 'done' ? 100 : p.total ? Math.min(99, Math.floor((p.done / p.total) * 100)) : 0,
    message: status === 'failed' ? (run?.error ?? null) : (run?.message ?? null),
    size: file?.size ?? null,
    expiresAt: file?.expiresAt.toISOString() ?? null,
    downloadUrl: status === 'done' && file ? `/api/company-data/exports/${jobId}/download` : null,
  };
}

export async function openExport(s: Services, tenant: Tenant, jobId: string) {
  const file = await exportFile(s, tenant.companyId, jobId);
  if (!file) {
    const run = UUID.test(jobId) ? await exportRun(tenant, jobId) : null;
    if (run && exportStatusOf(run) === 'running') throw conflict(EXPORT_NOT_READY, 'EXPORT_NOT_READY');
    if (run) throw new AppError(404, 'EXPORT_GONE', EXPORT_GONE);
    throw notFound(EXPORT_NOT_FOUND);
  }
  return { stream: createReadStream(file.file), size: file.size };
}

/** Deletes exports older than EXPORT_TTL_DAYS. */
export async function deleteExpiredExports(s: Services, now = new Date()): Promise<number> {
  const root = path.join(s.cfg.dataDir, 'exports');
  let removed = 0;
  for (const company of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, company)).catch(() => [] as string[])) {
      const file = path.join(root, company, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs + EXPORT_TTL_DAYS * DAY <= now.getTime()) {
        await rm(file, { force: true });
        removed++;
      }
    }
  }
  return removed;
}

// ---------------------------------------------------------------------------------------------
// Account closure (decision 0136)

const closureOf = (row: { closureRequestedAt: Date | null; eraseAfter: Date | null }): CompanyClosure => ({
  closureRequestedAt: row.closureRequestedAt?.toISOString() ?? null,
  eraseAfter: row.eraseAfter?.toISOString() ?? null,
});

export async function getClosure(tenant: Tenant): Promise<CompanyClosure> {
  const [row] = await tenant.db
    .select({ closureRequestedAt: schema.companies.closureRequestedAt, eraseAfter: schema.companies.eraseAfter })
    .from(schema.companies)
    .where(eq(schema.companies.id, tenant.companyId));
  if (!row) throw notFound();
  return closureOf(row);
}

const dateBr = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

async function adminEmails(tenant: Tenant): Promise<string[]> {
  const rows = await tenant.db
    .select({ email: schema.user.email })
    .from(schema.companyMembers)
    .innerJoin(schema.user, eq(schema.user.id, schema.companyMembers.userId))
    .where(and(eq(schema.companyMembers.companyId, tenant.companyId), eq(schema.companyMembers.role, 'admin')));
  return rows.map((r) => r.email);
}

function closureMail(s: Services, o: { company: string; eraseAfter: Date | null; canceled: boolean }) {
  const url = `${s.cfg.appUrl}/empresa-perfil`;
  const subject = o.canceled ? `Encerramento da conta de ${o.company} cancelado` : `A conta de ${o.company} será encerrada`;
  const lines = o.canceled
    ? [`O encerramento da conta da empresa ${o.company} no Sede foi cancelado.`, 'Nada será apagado: a empresa, seus membros e seus dados continuam como estavam.']
    : [
        `Um administrador pediu o encerramento da conta da empresa ${o.company} no Sede.`,
        `Em ${dateBr(o.eraseAfter!)}, todos os dados da empresa (membros, pessoas, organizações, arquivos, pagamentos e moedas) serão apagados definitivamente.`,
        'Até lá, os membros continuam com acesso, e qualquer administrador pode baixar todos os dados da empresa ou cancelar o encerramento em Perfil da empresa.',
      ];
  const action = { label: o.canceled ? 'Abrir perfil da empresa' : 'Ver ou cancelar o encerramento', url };
  return { subject, text: `${lines.join('\n\n')}\n\n${action.label}: ${url}\n\nSede`, html: layout(subject, lines, action) };
}

async function mailAdmins(s: Services, tenant: Tenant, mail: { subject: string; text: string; html: string }) {
  for (const to of await adminEmails(tenant)) {
    await s.mailer.send({ to, ...mail }).catch((e: Error) => console.error('[company-data] closure mail failed', e.message));
  }
}

/** The company's name and closure state, its row locked until the transaction ends (request and cancel never cross). */
async function lockCompany(tx: DbOrTx, companyId: string) {
  const [company] = await tx
    .select({ name: schema.companies.name, closureRequestedAt: schema.companies.closureRequestedAt })
    .from(schema.companies)
    .where(eq(schema.companies.id, companyId))
    .for('update');
  if (!company) throw notFound();
  return company;
}

/** Requests the closure: the admin typed the company's name; erasure after the grace period. */
export async function requestClosure(s: Services, tenant: Tenant, confirmation: string, now = new Date()): Promise<CompanyClosure> {
  const result = await tenant.db.transaction(async (tx) => {
    const company = await lockCompany(tx, tenant.companyId);
    if (normalizeCompanyName(confirmation) !== normalizeCompanyName(company.name)) throw badRequest(CLOSURE_CONFIRMATION_MISMATCH, 'CLOSURE_CONFIRMATION_MISMATCH');
    if (company.closureRequestedAt) throw conflict(CLOSURE_ALREADY_REQUESTED, 'CLOSURE_ALREADY_REQUESTED');
    const eraseAfter = new Date(now.getTime() + CLOSURE_GRACE_DAYS * DAY);
    const [row] = await tx
      .update(schema.companies)
      .set({ closureRequestedAt: now, closureRequestedBy: tenant.actorId, eraseAfter })
      .where(eq(schema.companies.id, tenant.companyId))
      .returning({ closureRequestedAt: schema.companies.closureRequestedAt, eraseAfter: schema.companies.eraseAfter });
    await logAudit(tx, tenant, { action: 'company_closure_requested', entity: 'company', id: tenant.companyId, details: { eraseAfter: eraseAfter.toISOString() } });
    return { closure: closureOf(row!), name: company.name, eraseAfter };
  });
  await mailAdmins(s, tenant, closureMail(s, { company: result.name, eraseAfter: result.eraseAfter, canceled: false }));
  return result.closure;
}

export async function cancelClosure(s: Services, tenant: Tenant): Promise<CompanyClosure> {
  const name = await tenant.db.transaction(async (tx) => {
    const company = await lockCompany(tx, tenant.companyId);
    if (!company.closureRequestedAt) throw conflict(CLOSURE_NOT_REQUESTED, 'CLOSURE_NOT_REQUESTED');
    await tx.update(schema.companies).set({ closureRequestedAt: null, closureRequestedBy: null, eraseAfter: null }).where(eq(schema.companies.id, tenant.companyId));
    await logAudit(tx, tenant, { action: 'company_closure_canceled', entity: 'company', id: tenant.companyId });
    return company.name;
  });
  await mailAdmins(s, tenant, closureMail(s, { company: name, eraseAfter: null, canceled: true }));
  return { closureRequestedAt: null, eraseAfter: null };
}

/**
 * Erases every company whose grace period is over: each module's `eraseCompany` (bytes on disk
 * or S3), then the company's row, whose deletion cascades to every company-owned table, with its
 * activity log's lines deleted by the same statement. A failing hook leaves the company for the
 * next run (the hooks are safe to re-run).
 */
export async function eraseDueCompanies(s: Services, now = new Date()): Promise<string[]> {
  // The schedule's scan of every company for a due erasure: no company's tenant can ask it.
  const due = await s.db
    .select({ id: schema.companies.id })
    .from(schema.companies)
    .where(and(isNotNull(schema.companies.eraseAfter), lte(schema.companies.eraseAfter, now)));
  const erased: string[] = [];
  for (const { id } of due) {
    try {
      for (const m of serverModules(s)) await m.eraseCompany?.(s, id);
      // Still due (a cancel may have landed meanwhile): delete under the same condition. The
      // activity log has no foreign key to cascade (decision 0778): its lines go in the same statement.
      const gone = await systemTenant(s, id, 'erasure').db.execute(sql`
        WITH gone AS (DELETE FROM companies WHERE id = ${id} AND erase_after IS NOT NULL AND erase_after <= ${now.toISOString()}::timestamptz RETURNING id),
             lines AS (DELETE FROM activity_log WHERE company_id IN (SELECT id FROM gone))
        SELECT id FROM gone`);
      if (gone.rows.length) {
        erased.push(id);
        console.info(`[company-data] company ${id} erased after its closure`);
      }
    } catch (e) {
      console.error(`[company-data] erasing company ${id} failed, retried on the next run:`, (e as Error).message);
    }
  }
  return erased;
}

/** The company-data module's own part of the erasure: its exports on disk. */
export async function eraseCompanyExports(s: Services, companyId: string) {
  await rm(exportsDir(s, companyId), { recursive: true, force: true });
}
