import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { schema } from '@sede/db/client';
import { DRE_GROUPS } from '@sede/shared/finance/dre';
import { addDays } from '@sede/shared/platform/calendar';
import { packageStartedSchema } from '@sede/shared/finance/statements-schemas';
import { contract, idParams } from '../../http/contract.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import { exportsDir } from '../../platform/company-data/archive.ts';
import { storageFromConfig } from '../../platform/files/storage.ts';
import { defineJob, getJobRun, startJob } from '../../platform/jobs/run.ts';
import { type TableColumn, xlsxWorkbook } from '../../platform/spreadsheets/writer.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';

export const PACKAGE_JOB = 'finance.accountant-package';
const PACKAGE_NOT_FOUND = 'Pacote não encontrado.';
/** The entity type of an entry's attachments in the platform's files (engineer E's entries). */
export const ENTRY_FILE_ENTITY = 'fin_entry';

export const packageRequestSchema = z.object({
  month: z
    .string({ error: 'Mês inválido (use AAAA-MM).' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mês inválido (use AAAA-MM).')
    .refine((v) => v >= '2000-01' && v <= '2100-12', 'Mês inválido (use AAAA-MM).'),
});

const { finAccounts: A, finCategories: C, finCostCenters: CC, finEntries: E, finPayments: P, files: F, organizations: O } = schema;

const packagePath = (s: Services, companyId: string, runId: string) => path.join(exportsDir(s, companyId), `financeiro-${runId}.zip`);
const monthEnd = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const STATUS_LABEL: Record<string, string> = { open: 'Em aberto', paid: 'Pago/recebido', cancelled: 'Cancelado' };

/** The month's spreadsheet: entries (competence in the month or paid in it), payments of the month, the chart of categories. */
export async function buildPackageWorkbook(tenant: Tenant, month: string): Promise<{ xlsx: Buffer; entryIds: string[] }> {
  const from = `${month}-01`;
  const to = monthEnd(month);
  const paidIn = tenant.db
    .select({ id: P.entryId })
    .from(P)
    .where(and(eq(P.companyId, tenant.companyId), gte(P.paidDate, from), lte(P.paidDate, to)));
  const [entries, payments, categories] = await Promise.all([
    tenant.db
      .select({ e: E, category: C.name, dreGroup: C.dreGroup, costCenter: CC.name, account: A.name, organization: O.razaoSocial, cnpj: O.cnpj })
      .from(E)
      .leftJoin(C, eq(C.id, E.categoryId))
      .leftJoin(CC, eq(CC.id, E.costCenterId))
      .leftJoin(A, eq(A.id, E.accountId))
      .leftJoin(O, eq(O.id, E.organizationId))
      .where(and(eq(E.companyId, tenant.companyId), or(and(gte(E.competenceDate, from), lte(E.competenceDate, to)), inArray(E.id, paidIn))))
      .orderBy(asc(E.competenceDate), asc(E.id)),
    tenant.db
      .select({ p: P, description: E.description, kind: E.kind, account: A.name })
      .from(P)
      .innerJoin(E, eq(E.id, P.entryId))
      .innerJoin(A, eq(A.id, P.accountId))
      .where(and(eq(P.companyId, tenant.companyId), gte(P.paidDate, from), lte(P.paidDate, to)))
      .orderBy(asc(P.paidDate), asc(P.id)),
    tenant.db.select().from(C).where(eq(C.companyId, tenant.companyId)).orderBy(asc(C.kind), asc(C.position), asc(C.name)),
  ]);
  const groupLabel = (g: string | null) => DRE_GROUPS.find((x) => x.key === g)?.label ?? '';
  type EntryRow = (typeof entries)[number];
  type PaymentRow = (typeof payments)[number];
  const moved = (r: PaymentRow) => r.p.amountCents + r.p.interestCents + r.p.fineCents - r.p.discountCents;
  const xlsx = await xlsxWorkbook([
    {
      name: 'Lançamentos',
      rows: entries,
      columns: [
        { header: 'Tipo', value: (r) => (r.e.kind === 'payable' ? 'A pagar' : 'A receber') },
        { header: 'Descrição', value: (r) => r.e.description },
        { header: 'Valor', value: (r) => r.e.amountCents, kind: 'money' },
        { header: 'Pago', value: (r) => r.e.paidCents, kind: 'money' },
        { header: 'Vencimento', value: (r) => r.e.dueDate, kind: 'date' },
        { header: 'Competência', value: (r) => r.e.competenceDate, kind: 'date' },
        { header: 'Situação', value: (r) => STATUS_LABEL[r.e.status] ?? r.e.status },
        { header: 'Categoria', value: (r) => r.category },
        { header: 'Grupo do DRE', value: (r) => groupLabel(r.dreGroup) },
        { header: 'Centro de custo', value: (r) => r.costCenter },
        { header: 'Conta', value: (r) => r.account },
        { header: 'Cliente/Fornecedor', value: (r) => r.organization },
        { header: 'CNPJ', value: (r) => r.cnpj },
        { header: 'Documento', value: (r) => r.e.documentNumber },
        { header: 'Parcela', value: (r) => (r.e.installmentNumber ? `${r.e.installmentNumber}/${r.e.installmentTotal}` : '') },
        { header: 'Id', value: (r) => r.e.id },
      ] satisfies TableColumn<EntryRow>[],
    },
    {
      name: 'Pagamentos',
      rows: payments,
      columns: [
        { header: 'Data', value: (r) => r.p.paidDate, kind: 'date' },
        { header: 'Tipo', value: (r) => (r.kind === 'payable' ? 'Pagamento' : 'Recebimento') },
        { header: 'Lançamento', value: (r) => r.description },
        { header: 'Conta', value: (r) => r.account },
        { header: 'Principal', value: (r) => r.p.amountCents, kind: 'money' },
        { header: 'Juros', value: (r) => r.p.interestCents, kind: 'money' },
        { header: 'Multa', value: (r) => r.p.fineCents, kind: 'money' },
        { header: 'Desconto', value: (r) => r.p.discountCents, kind: 'money' },
        { header: 'Total movimentado', value: (r) => (r.kind === 'payable' ? -moved(r) : moved(r)), kind: 'money' },
        { header: 'Id do lançamento', value: (r) => r.p.entryId },
      ] satisfies TableColumn<PaymentRow>[],
    },
    {
      name: 'Categorias',
      rows: categories,
      columns: [
        { header: 'Categoria', value: (c) => c.name },
        { header: 'Tipo', value: (c) => (c.kind === 'income' ? 'Receita' : 'Despesa') },
        { header: 'Grupo do DRE', value: (c) => groupLabel(c.dreGroup) },
        { header: 'Arquivada', value: (c) => (c.archivedAt ? 'Sim' : 'Não') },
        { header: 'Id', value: (c) => c.id },
      ] satisfies TableColumn<(typeof categories)[number]>[],
    },
  ]);
  return { xlsx, entryIds: entries.map((r) => r.e.id) };
}

export async function registerPackageJob(s: Services) {
  await defineJob<{ month: string }, { entries: number; attachments: number }>(s, PACKAGE_JOB, async ({ runId, input, tenant, progress }) => {
    progress({ stage: 'Planilha', done: 0, total: 1, message: 'Montando a planilha do mês…' });
    const { xlsx, entryIds } = await buildPackageWorkbook(tenant, input.month);
    const attachments = entryIds.length
      ? await tenant.db
          .select({ id: F.id, name: F.name, entityId: F.entityId, storageKey: F.storageKey })
          .from(F)
          .where(and(eq(F.companyId, tenant.companyId), eq(F.entityType, ENTRY_FILE_ENTITY), inArray(F.entityId, entryIds), isNull(F.deletedAt)))
      : [];
    const total = attachments.length + 1;
    progress({ stage: 'Anexos', done: 1, total, message: `${attachments.length} anexo(s)` });
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    zip.addBuffer(xlsx, `pacote-contabil-${input.month}.xlsx`);
    const storage = storageFromConfig(s.cfg);
    const target = packagePath(s, tenant.companyId, runId);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    const written = pipeline(zip.outputStream, createWriteStream(partial));
    let done = 1;
    for (const f of attachments) {
      const stream = await storage.get(f.storageKey);
      const safeName = [...f.name].map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('').slice(0, 120);
      if (stream) zip.addReadStream(stream, `anexos/${f.entityId}/${f.id}-${safeName}`);
      done++;
      progress({ stage: 'Anexos', done, total });
    }
    zip.end();
    await written;
    await rename(partial, target);
    await logAudit(tenant.db, tenant, { action: 'finance_package_exported', entity: 'finance_package', id: null, details: { format: 'zip', month: input.month, count: entryIds.length } });
    return { entries: entryIds.length, attachments: attachments.length };
  });
}

async function packageFile(s: Services, tenant: Tenant, runId: string) {
  const run = await getJobRun(tenant.db.$client, { tenant, allOfCompany: true }, runId).catch(() => null);
  if (!run || run.kind !== PACKAGE_JOB) throw notFound(PACKAGE_NOT_FOUND);
  if (run.status !== 'done') throw new AppError(409, 'PACKAGE_NOT_READY', 'O pacote ainda está sendo gerado.');
  const file = packagePath(s, tenant.companyId, runId);
  const info = await stat(file).catch(() => null);
  if (!info) throw new AppError(404, 'PACKAGE_GONE', 'O pacote expirou. Gere-o novamente.');
  return { file, size: info.size, run };
}

export function packageRoutes(s: Services, r: Hono<CompanyEnv>) {
  r.post('/package', requirePermission('finance.export'), contract({ summary: 'Gerar pacote para o contador', body: packageRequestSchema, response: packageStartedSchema, status: 202 }), async (c) => {
    const run = await startJob(s, c.get('tenant'), PACKAGE_JOB, { month: c.req.valid('json').month });
    return c.json({ jobId: run.id }, 202);
  });
  r.get('/package/:jobId/download', requirePermission('finance.export'), contract({ summary: 'Baixar pacote para o contador', params: idParams({ jobId: PACKAGE_NOT_FOUND }), response: { media: 'application/zip' } }), async (c) => {
    const { file, size } = await packageFile(s, c.get('tenant'), c.req.valid('param').jobId);
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: {
        'content-type': 'application/zip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="pacote-contabil.zip"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

