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
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sede';
  const money = '"R$" #,##0.00;[Red]-"R$" #,##0.00';
  const groupLabel = (g: string | null) => DRE_GROUPS.find((x) => x.key === g)?.label ?? '';

  const ws = wb.addWorksheet('Lançamentos');
  ws.columns = [
    { header: 'Tipo', key: 'kind', width: 10 },
    { header: 'Descrição', key: 'description', width: 40 },
    { header: 'Valor', key: 'amount', width: 14, style: { numFmt: money } },
    { header: 'Pago', key: 'paid', width: 14, style: { numFmt: money } },
    { header: 'Vencimento', key: 'due', width: 12 },
    { header: 'Competência', key: 'competence', width: 12 },
    { header: 'Situação', key: 'status', width: 14 },
    { header: 'Categoria', key: 'category', width: 28 },
    { header: 'Grupo do DRE', key: 'group', width: 28 },
    { header: 'Centro de custo', key: 'costCenter', width: 20 },
    { header: 'Conta', key: 'account', width: 20 },
    { header: 'Cliente/Fornecedor', key: 'organization', width: 30 },
    { header: 'CNPJ', key: 'cnpj', width: 18 },
    { header: 'Documento', key: 'document', width: 14 },
    { header: 'Parcela', key: 'installment', width: 8 },
    { header: 'Id', key: 'id', width: 38 },
  ];
  for (const r of entries) {
    ws.addRow({
      kind: r.e.kind === 'payable' ? 'A pagar' : 'A receber',
      description: r.e.description,
      amount: r.e.amountCents / 100,
      paid: r.e.paidCents / 100,
      due: r.e.dueDate,
      competence: r.e.competenceDate,
      status: STATUS_LABEL[r.e.status] ?? r.e.status,
      category: r.category ?? '',
      group: groupLabel(r.dreGroup),
      costCenter: r.costCenter ?? '',
      account: r.account ?? '',
      organization: r.organization ?? '',
      cnpj: r.cnpj ?? '',
      document: r.e.documentNumber ?? '',
      installment: r.e.installmentNumber ? `${r.e.installmentNumber}/${r.e.installmentTotal}` : '',
      id: r.e.id,
    });
  }
  const wp = wb.addWorksheet('Pagamentos');
  wp.columns = [
    { header: 'Data', key: 'date', width: 12 },
    { header: 'Tipo', key: 'kind', width: 12 },
    { header: 'Lançamento', key: 'description', width: 40 },
    { header: 'Conta', key: 'account', width: 20 },
    { header: 'Principal', key: 'amount', width: 14, style: { numFmt: money } },
    { header: 'Juros', key: 'interest', width: 12, style: { numFmt: money } },
    { header: 'Multa', key: 'fine', width: 12, style: { numFmt: money } },
    { header: 'Desconto', key: 'discount', width: 12, style: { numFmt: money } },
    { header: 'Total movimentado', key: 'total', width: 16, style: { numFmt: money } },
    { header: 'Id do lançamento', key: 'entryId', width: 38 },
  ];
  for (const r of payments) {
    const total = r.p.amountCents + r.p.interestCents + r.p.fineCents - r.p.discountCents;
    wp.addRow({
      date: r.p.paidDate,
      kind: r.kind === 'payable' ? 'Pagamento' : 'Recebimento',
      description: r.description,
      account: r.account,
      amount: r.p.amountCents / 100,
      interest: r.p.interestCents / 100,
      fine: r.p.fineCents / 100,
      discount: r.p.discountCents / 100,
      total: (r.kind === 'payable' ? -total : total) / 100,
      entryId: r.p.entryId,
    });
  }
  const wc = wb.addWorksheet('Categorias');
  wc.columns = [
    { header: 'Categoria', key: 'name', width: 32 },
    { header: 'Tipo', key: 'kind', width: 10 },
    { header: 'Grupo do DRE', key: 'group', width: 40 },
    { header: 'Arquivada', key: 'archived', width: 10 },
    { header: 'Id', key: 'id', width: 38 },
  ];
  for (const c of categories) wc.addRow({ name: c.name, kind: c.kind === 'income' ? 'Receita' : 'Despesa', group: groupLabel(c.dreGroup), archived: c.archivedAt ? 'Sim' : 'Não', id: c.id });
  for (const sheet of [ws, wp, wc]) sheet.getRow(1).font = { bold: true };
  return { xlsx: Buffer.from(await wb.xlsx.writeBuffer()), entryIds: entries.map((r) => r.e.id) };
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

