import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import ExcelJS from 'exceljs';
import type { StatementLinesPage } from '@sede/shared/finance/statements-schemas';
import type { JobRunView } from '@sede/shared/platform/jobs';
import { ledgerState } from '../billing/support.ts';
import { upload as uploadFile } from '../files/support.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { makeOfx, seedAccount, seedCategory, seedEntry, seedPayment, upload } from './support.ts';

let server: TestServer;
let fake: FakeOpenAi;
let companyId: string;
let admin: Person;
let financeiro: Person;
let vendas: Person;
let outsider: Person;
let account: string;
let tarifas: string;
let energia: string;

type Res<T> = { status: number; body: T & { error?: string; code?: string; refunded?: boolean } };
async function call<T = unknown>(path: string, who: Person, json?: unknown): Promise<Res<T>> {
  const res = await server.request(path, { method: json === undefined ? 'GET' : 'POST', json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}

function boletoPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Boleto bancário — Energia Elétrica Paulista S.A. CNPJ 11.222.333/0001-81');
    doc.text('Vencimento 10/12/2026  Valor do documento R$ 1.234,56');
    doc.text('34191.79001 01043.510047 91020.150008 8 12340000123456');
    doc.end();
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste' });
  const a = await createCompanyWithAdmin(server, 'IA Financeira Ltda');
  companyId = a.companyId;
  admin = a.admin;
  financeiro = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra IA Ltda')).admin;
  account = await seedAccount(server, companyId, { name: 'Conta IA', bankCode: '341', accountNumber: '4242' });
  tarifas = await seedCategory(server, companyId, { name: 'Tarifas bancárias', kind: 'expense', dreGroup: 'despesas_financeiras' });
  energia = await seedCategory(server, companyId, { name: 'Energia', kind: 'expense', dreGroup: 'despesas_operacionais' });
  await seedCategory(server, companyId, { name: 'Vendas', kind: 'income', dreGroup: 'receita_bruta' });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('AI: reading a boleto PDF (ai.invoice_reading)', () => {
  let fileId: string;
  beforeAll(async () => {
    const res = await uploadFile(server, financeiro.jar, `entityType=company&entityId=${companyId}&kind=document`, await boletoPdf(), 'boleto.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    fileId = res.body.id as string;
    await sql(server, `insert into organizations (company_id, razao_social, cnpj) values ($1, 'Energia Elétrica Paulista S.A.', '11222333000181')`, [companyId]);
  });

  it('returns the payable’s fields, the supplier found by CNPJ, and charges 1 coin', async () => {
    const before = (await ledgerState(server, companyId)).balance;
    let seen = '';
    fake.setResponder((req) => {
      seen = JSON.stringify(req.messages);
      return { amountCents: 123456, dueDate: '2026-12-10', supplierCnpj: '11.222.333/0001-81', supplierName: 'Energia Elétrica Paulista S.A.', barcode: '34191.79001 01043.510047 91020.150008 8 12340000123456', documentNumber: '123', description: 'Conta de energia' };
    });
    const res = await call<{ reading: Record<string, unknown>; charged: number; balance: number }>('/api/finance/statements/ai/read-document', financeiro, { fileId, requestId: 'leitura-0001' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(seen).toContain('Valor do documento R$ 1.234,56'); // the PDF's text reached the model
    const [org] = await sql(server, 'select id from organizations where company_id = $1', [companyId]);
    expect(res.body.reading).toEqual({
      amountCents: 123456,
      dueDate: '2026-12-10',
      supplierCnpj: '11222333000181',
      supplierName: 'Energia Elétrica Paulista S.A.',
      organizationId: org!.id,
      barcode: '34191790010104351004791020150008812340000123456',
      documentNumber: '123',
      description: 'Conta de energia',
    });
    expect(res.body.charged).toBe(1);
    expect((await ledgerState(server, companyId)).balance).toBe(before - 1);
  });

  it('drops absurd values (a due date in 1900, a negative amount, a CNPJ that does not check)', async () => {
    fake.setResponder(() => ({ amountCents: -5, dueDate: '1900-01-01', supplierCnpj: '11111111111111', supplierName: null, barcode: '123', documentNumber: null, description: null }));
    const res = await call<{ reading: Record<string, unknown> }>('/api/finance/statements/ai/read-document', financeiro, { fileId, requestId: 'leitura-0002' });
    expect(res.body.reading).toMatchObject({ amountCents: null, dueDate: null, supplierCnpj: null, organizationId: null, barcode: null });
  });

  it('a malformed answer is refunded', async () => {
    fake.setResponder(null);
    fake.setMode('malformed');
    const before = (await ledgerState(server, companyId)).balance;
    const res = await call('/api/finance/statements/ai/read-document', financeiro, { fileId, requestId: 'leitura-0003' });
    fake.setMode('ok');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'AI_INVALID_ANSWER', refunded: true });
    expect((await ledgerState(server, companyId)).balance).toBe(before);
  });

  it('isolation: another company 404, without financeiro 403; a file that is not a PDF 400', async () => {
    fake.setResponder(() => ({ amountCents: 1, dueDate: null, supplierCnpj: null, supplierName: null, barcode: null, documentNumber: null, description: null }));
    await expectTenantIsolation(server, { owner: { jar: financeiro.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar } }, [
      { method: 'POST', path: '/api/finance/statements/ai/read-document', body: { fileId, requestId: 'leitura-iso-1' } },
    ]);
    const csv = await uploadFile(server, financeiro.jar, `entityType=company&entityId=${companyId}&kind=document`, Buffer.from('a;b\n1;2\n'), 'planilha.csv');
    const res = await call('/api/finance/statements/ai/read-document', financeiro, { fileId: csv.body.id, requestId: 'leitura-0004' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Envie o boleto ou a nota fiscal em PDF.');
  });
});

describe('AI: category suggestions from the company’s history (ai.category_suggestion)', () => {
  it('sends the categories and similar past lines, stores valid suggestions only, charges once', async () => {
    await upload(
      server,
      financeiro.jar,
      account,
      'ia.ofx',
      makeOfx({
        bankId: '341',
        acctId: '4242',
        transactions: [
          { date: '2024-05-02', amount: '-12,90', memo: 'TARIFA MANUTENCAO CONTA' },
          { date: '2024-06-02', amount: '-12,90', memo: 'TARIFA MANUTENCAO CONTA JUNHO' },
          { date: '2024-06-05', amount: '-300,00', memo: 'ENEL ENERGIA' },
        ],
      }),
    );
    const page = (await call<StatementLinesPage>(`/api/finance/statements/lines?accountId=${account}`, financeiro)).body;
    const old = page.lines.find((l) => l.postedDate === '2024-05-02')!;
    expect((await call(`/api/finance/statements/lines/${old.id}/entry`, financeiro, { categoryId: tarifas })).status).toBe(201);
    const june = page.lines.find((l) => l.postedDate === '2024-06-02')!;
    const enel = page.lines.find((l) => l.postedDate === '2024-06-05')!;
    let prompt = '';
    fake.setResponder((req) => {
      prompt = JSON.stringify(req.messages);
      return { suggestions: [{ lineId: june.id, categoryId: tarifas }, { lineId: enel.id, categoryId: 'inventada' }] };
    });
    const before = (await ledgerState(server, companyId)).balance;
    const res = await call<{ suggestions: { lineId: string; categoryId: string }[]; charged: number }>('/api/finance/statements/ai/suggest-categories', financeiro, { lineIds: [june.id, enel.id], requestId: 'categorias-0001' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.suggestions).toEqual([{ lineId: june.id, categoryId: tarifas }]);
    expect(res.body.charged).toBe(1);
    expect((await ledgerState(server, companyId)).balance).toBe(before - 1);
    expect(prompt).toContain('histórico: \\"TARIFA MANUTENCAO CONTA\\" → Tarifas bancárias');
    expect(prompt).toContain(energia);
    const after = (await call<StatementLinesPage>(`/api/finance/statements/lines?accountId=${account}`, financeiro)).body;
    expect(after.lines.find((l) => l.id === june.id)!.suggestedCategoryId).toBe(tarifas);
    expect(after.lines.find((l) => l.id === enel.id)!.suggestedCategoryId).toBeNull();
  });

  it('a malformed answer is refunded and stores nothing', async () => {
    const page = (await call<StatementLinesPage>(`/api/finance/statements/lines?accountId=${account}&status=pending`, financeiro)).body;
    fake.setResponder(null);
    fake.setMode('malformed');
    const before = (await ledgerState(server, companyId)).balance;
    const res = await call('/api/finance/statements/ai/suggest-categories', financeiro, { lineIds: page.lines.map((l) => l.id), requestId: 'categorias-0002' });
    fake.setMode('ok');
    expect(res.status).toBe(409);
    expect(res.body.refunded).toBe(true);
    expect((await ledgerState(server, companyId)).balance).toBe(before);
  });
});

describe('the accountant’s monthly package', () => {
  it('builds the XLSX (entries, payments, categories) and the ZIP as a job, audited; download only for financeiro.export in the company', async () => {
    const e = await seedEntry(server, companyId, { kind: 'payable', description: 'Aluguel de março', amountCents: 250_000, dueDate: '2024-03-10', competenceDate: '2024-03-01', categoryId: energia, status: 'paid', paidCents: 250_000 });
    await seedPayment(server, companyId, { entryId: e, accountId: account, paidDate: '2024-03-10', amountCents: 250_000, fineCents: 500 });
    await seedEntry(server, companyId, { kind: 'receivable', description: 'Venda de abril', amountCents: 1_000, dueDate: '2024-04-10', competenceDate: '2024-04-01' });
    const start = await call<{ jobId: string }>('/api/finance/statements/package', financeiro, { month: '2024-03' });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    let run: JobRunView | undefined;
    for (let i = 0; i < 200; i++) {
      run = (await call<JobRunView>(`/api/jobs/${start.body.jobId}`, financeiro)).body;
      if (run.status === 'done' || run.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(run?.status, JSON.stringify(run)).toBe('done');

    expect((await server.request(`/api/finance/statements/package/${start.body.jobId}/download`, { jar: outsider.jar })).status).toBe(404);
    expect((await server.request(`/api/finance/statements/package/${start.body.jobId}/download`, { jar: vendas.jar })).status).toBe(403);
    const dl = await server.request(`/api/finance/statements/package/${start.body.jobId}/download`, { jar: admin.jar });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await dl.arrayBuffer());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // The workbook inside (stored deflated): read it back through yauzl.
    const yauzl = await import('yauzl');
    const xlsx = await new Promise<Buffer>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true }, (err, zf) => {
        if (err || !zf) return reject(err);
        zf.readEntry();
        zf.on('entry', (entry) => {
          if (entry.fileName !== 'pacote-contabil-2024-03.xlsx') return zf.readEntry();
          zf.openReadStream(entry, (e2, stream) => {
            if (e2 || !stream) return reject(e2);
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => resolve(Buffer.concat(chunks)));
          });
        });
      }),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Lançamentos', 'Pagamentos', 'Categorias']);
    const entries = wb.getWorksheet('Lançamentos')!;
    const descriptions = entries.getColumn(2).values.slice(2);
    expect(descriptions).toContain('Aluguel de março');
    expect(descriptions).not.toContain('Venda de abril');
    const payments = wb.getWorksheet('Pagamentos')!;
    expect(payments.getRow(2).getCell(9).value).toBe(-2505);
    expect(wb.getWorksheet('Categorias')!.rowCount).toBe(4);
    const audit = await sql(server, `select details from activity_log where company_id = $1 and action = 'finance_package_exported'`, [companyId]);
    expect(audit.map((a) => a.details)).toContainEqual(expect.objectContaining({ entity: 'finance_package', month: '2024-03' }));
    // Refused callers: a bad month, no permission.
    expect((await call('/api/finance/statements/package', financeiro, { month: '1900-01' })).status).toBe(400);
    expect((await call('/api/finance/statements/package', vendas, { month: '2024-03' })).status).toBe(403);
  });
});
