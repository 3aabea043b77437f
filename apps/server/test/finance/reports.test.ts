import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashFlowReport, DreReport, FinanceOverview } from '@sede/shared/finance/reports-schemas';
import { addDays, dayOfWeek, isBusinessDay, todayInBrazil } from '@sede/shared/platform/calendar';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { seedAccount, seedCategory, seedEntry, seedPayment } from './support.ts';

let server: TestServer;
let companyId: string;
let financeiro: Person;
let vendas: Person;
let outsider: Person;
let accountA: string;
let accountB: string;

async function get<T>(path: string, who: Person): Promise<{ status: number; body: T & { error?: string } }> {
  const res = await server.request(path, { jar: who.jar });
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
}
const row = (dre: DreReport, key: string) => dre.rows.find((r) => r.key === key || r.label === key);

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Relatórios Ltda');
  companyId = a.companyId;
  financeiro = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Ltda')).admin;

  accountA = await seedAccount(server, companyId, { name: 'Banco A', openingCents: 100_000 });
  accountB = await seedAccount(server, companyId, { name: 'Banco B', openingCents: 0 });
  const cat = (name: string, kind: 'income' | 'expense', dreGroup: string) => seedCategory(server, companyId, { name, kind, dreGroup });
  const vendasCat = await cat('Vendas', 'income', 'receita_bruta');
  const impostos = await cat('Simples Nacional', 'expense', 'deducoes');
  const cmv = await cat('CMV', 'expense', 'custos');
  const aluguel = await cat('Aluguel', 'expense', 'despesas_operacionais');
  const retirada = await cat('Retirada dos sócios', 'expense', 'investimentos');

  const r1 = await seedEntry(server, companyId, { kind: 'receivable', amountCents: 500_000, competenceDate: '2024-03-05', dueDate: '2024-03-10', categoryId: vendasCat, status: 'paid', paidCents: 500_000 });
  await seedPayment(server, companyId, { entryId: r1, accountId: accountA, paidDate: '2024-03-11', amountCents: 500_000 });
  const r2 = await seedEntry(server, companyId, { kind: 'receivable', amountCents: 200_000, competenceDate: '2024-03-20', dueDate: '2024-04-10', categoryId: vendasCat, paidCents: 50_000 });
  await seedPayment(server, companyId, { entryId: r2, accountId: accountB, paidDate: '2024-04-10', amountCents: 50_000 });
  const p1 = await seedEntry(server, companyId, { kind: 'payable', amountCents: 50_000, competenceDate: '2024-03-31', dueDate: '2024-04-20', categoryId: impostos, status: 'paid', paidCents: 50_000 });
  await seedPayment(server, companyId, { entryId: p1, accountId: accountA, paidDate: '2024-04-19', amountCents: 50_000, fineCents: 1_000 });
  const p2 = await seedEntry(server, companyId, { kind: 'payable', amountCents: 150_000, competenceDate: '2024-03-15', dueDate: '2024-03-15', categoryId: cmv, status: 'paid', paidCents: 150_000 });
  await seedPayment(server, companyId, { entryId: p2, accountId: accountA, paidDate: '2024-03-15', amountCents: 150_000 });
  const p3 = await seedEntry(server, companyId, { kind: 'payable', amountCents: 80_000, competenceDate: '2024-03-01', dueDate: '2024-03-05', categoryId: aluguel, status: 'paid', paidCents: 80_000 });
  await seedPayment(server, companyId, { entryId: p3, accountId: accountA, paidDate: '2024-03-05', amountCents: 80_000 });
  await seedEntry(server, companyId, { kind: 'payable', amountCents: 10_000, competenceDate: '2024-03-10', dueDate: '2024-03-10', status: 'cancelled' });
  const p5 = await seedEntry(server, companyId, { kind: 'payable', amountCents: 30_000, competenceDate: '2024-03-28', dueDate: '2024-03-28', categoryId: retirada, status: 'paid', paidCents: 30_000 });
  await seedPayment(server, companyId, { entryId: p5, accountId: accountA, paidDate: '2024-03-28', amountCents: 30_000 });
  const p6 = await seedEntry(server, companyId, { kind: 'payable', amountCents: 5_000, competenceDate: '2024-02-10', dueDate: '2024-02-10', status: 'paid', paidCents: 5_000 });
  await seedPayment(server, companyId, { entryId: p6, accountId: accountA, paidDate: '2024-02-10', amountCents: 5_000 });
});
afterAll(async () => {
  await server?.stop();
});

describe('DRE gerencial', () => {
  it('competence basis: by category and group, cancelled entries out, subtotals as hand-computed', async () => {
    const { status, body } = await get<DreReport>('/api/finance/reports/dre?to=2024-03&months=2', financeiro);
    expect(status).toBe(200);
    expect(body.months).toEqual(['2024-02', '2024-03']);
    expect(row(body, 'receita_bruta')!.values).toEqual([0, 700_000]);
    expect(row(body, 'Vendas')!.values).toEqual([0, 700_000]);
    expect(row(body, 'deducoes')!.values).toEqual([0, -50_000]);
    expect(row(body, 'receita_liquida')!.values).toEqual([0, 650_000]);
    expect(row(body, 'lucro_bruto')!.values).toEqual([0, 500_000]);
    expect(row(body, 'resultado_operacional')!.values).toEqual([0, 420_000]);
    expect(row(body, 'outras_despesas')!.values).toEqual([-5_000, 0]);
    expect(row(body, 'Sem categoria')).toMatchObject({ group: 'outras_despesas', values: [-5_000, 0] });
    expect(row(body, 'resultado_antes_ir')!.values).toEqual([-5_000, 420_000]);
    expect(row(body, 'lucro_liquido')).toMatchObject({ values: [-5_000, 420_000], totalCents: 415_000 });
    // Investimentos below the result: not in the subtotals.
    expect(row(body, 'investimentos')!.values).toEqual([0, -30_000]);
    expect(body.rows.map((r) => r.key).indexOf('lucro_liquido')).toBeLessThan(body.rows.map((r) => r.key).indexOf('investimentos'));
  });

  it('cash basis: payments by date, with fines, in the month paid', async () => {
    const { body } = await get<DreReport>('/api/finance/reports/dre?to=2024-04&months=2&basis=cash', financeiro);
    expect(body.months).toEqual(['2024-03', '2024-04']);
    expect(row(body, 'receita_bruta')!.values).toEqual([500_000, 50_000]);
    expect(row(body, 'deducoes')!.values).toEqual([0, -51_000]);
    expect(row(body, 'lucro_liquido')!.values).toEqual([270_000, -1_000]);
  });

  it('refuses bad months in Portuguese', async () => {
    expect((await get('/api/finance/reports/dre?to=2024-13', financeiro)).body.error).toBe('Mês inválido (use AAAA-MM).');
    expect((await get('/api/finance/reports/dre?to=2024-03&months=13', financeiro)).body.error).toBe('Escolha de 1 a 12 meses.');
    expect((await get('/api/finance/reports/dre?to=1900-01', financeiro)).status).toBe(400);
  });
});

describe('cash flow', () => {
  it('realised by month, with the running balance per account and in total', async () => {
    const { status, body } = await get<CashFlowReport>('/api/finance/reports/cash-flow?from=2024-03-01&to=2024-04-30&granularity=month', financeiro);
    expect(status).toBe(200);
    expect(body.openingBalanceCents).toBe(95_000);
    expect(body.buckets.map((b) => [b.start, b.end, b.realizedInCents, b.realizedOutCents, b.projectedInCents, b.projectedOutCents, b.balanceCents])).toEqual([
      ['2024-03-01', '2024-03-31', 500_000, 260_000, 0, 0, 335_000],
      ['2024-04-01', '2024-04-30', 50_000, 51_000, 0, 0, 334_000],
    ]);
    expect(body.accounts).toEqual([
      { id: accountA, name: 'Banco A', openingBalanceCents: 95_000, closingBalanceCents: 284_000, projectedClosingCents: 284_000 },
      { id: accountB, name: 'Banco B', openingBalanceCents: 0, closingBalanceCents: 50_000, projectedClosingCents: 50_000 },
    ]);
    expect(body.totals).toMatchObject({ realizedInCents: 550_000, realizedOutCents: 311_000, closingBalanceCents: 334_000 });
  });

  it('per day and per week (weeks start on Monday, clipped to the period); one account', async () => {
    const days = await get<CashFlowReport>('/api/finance/reports/cash-flow?from=2024-03-04&to=2024-03-10&granularity=day', financeiro);
    expect(days.body.buckets).toHaveLength(7);
    expect(days.body.buckets.find((b) => b.start === '2024-03-05')).toMatchObject({ realizedOutCents: 80_000, balanceCents: 15_000 });
    const weeks = await get<CashFlowReport>(`/api/finance/reports/cash-flow?from=2024-03-06&to=2024-03-20&granularity=week&accountId=${accountA}`, financeiro);
    expect(weeks.body.buckets.map((b) => [b.start, b.end, b.realizedInCents, b.realizedOutCents])).toEqual([
      ['2024-03-06', '2024-03-10', 0, 0],
      ['2024-03-11', '2024-03-17', 500_000, 150_000],
      ['2024-03-18', '2024-03-20', 0, 0],
    ]);
    expect(weeks.body.openingBalanceCents).toBe(15_000);
  });

  it('projected: open entries on the next business day of a due date off, overdue ones today', async () => {
    const { companyId: other, admin } = await createCompanyWithAdmin(server, 'Projeções Ltda');
    const acc = await seedAccount(server, other, { name: 'Conta única', openingCents: 0 });
    const today = todayInBrazil();
    let saturday = addDays(today, 8);
    while (dayOfWeek(saturday) !== 6) saturday = addDays(saturday, 1);
    let payday = addDays(saturday, 2);
    while (!isBusinessDay(payday)) payday = addDays(payday, 1);
    let inDay = addDays(today, 3);
    while (!isBusinessDay(inDay)) inDay = addDays(inDay, 1);
    await seedEntry(server, other, { kind: 'receivable', amountCents: 10_000, dueDate: inDay });
    await seedEntry(server, other, { kind: 'payable', amountCents: 4_000, dueDate: saturday });
    await seedEntry(server, other, { kind: 'payable', amountCents: 2_000, dueDate: addDays(today, -20) });
    const paid = await seedEntry(server, other, { kind: 'receivable', amountCents: 3_000, dueDate: today, status: 'paid', paidCents: 3_000 });
    await seedPayment(server, other, { entryId: paid, accountId: acc, paidDate: today, amountCents: 3_000 });

    const to = addDays(today, 30);
    const flow = await get<CashFlowReport>(`/api/finance/reports/cash-flow?from=${today}&to=${to}&granularity=day`, admin);
    const at = (d: string) => flow.body.buckets.find((b) => b.start === d)!;
    expect(at(today)).toMatchObject({ realizedInCents: 3_000, projectedOutCents: 2_000, balanceCents: 1_000 });
    expect(at(inDay).projectedInCents).toBe(10_000);
    expect(at(saturday).projectedOutCents).toBe(0);
    expect(at(payday).projectedOutCents).toBe(4_000);
    expect(flow.body.totals.closingBalanceCents).toBe(7_000);
    const ov = await get<FinanceOverview>('/api/finance/reports/overview', admin);
    expect(ov.status).toBe(200);
    expect(ov.body.accounts).toEqual([{ id: acc, name: 'Conta única', kind: 'checking', balanceCents: 3_000 }]);
    expect(ov.body.totalBalanceCents).toBe(3_000);
    expect(ov.body.month.receivedCents).toBe(3_000);
    expect(ov.body.overdue).toEqual({ receivableCents: 0, receivableCount: 0, payableCents: 2_000, payableCount: 1 });
    expect(ov.body.projection).toHaveLength(31);
    expect(ov.body.projection[0]).toEqual({ date: today, inCents: 0, outCents: 2_000, balanceCents: 1_000 });
    expect(ov.body.projection.at(-1)!.balanceCents).toBe(7_000);
    const sameMonth = (d: string) => d.slice(0, 7) === today.slice(0, 7);
    expect(ov.body.month.receivableCents).toBe(sameMonth(inDay) ? 10_000 : 0);
    // Open and due this month, overdue ones of the month included.
    expect(ov.body.month.payableCents).toBe((sameMonth(saturday) ? 4_000 : 0) + (sameMonth(addDays(today, -20)) ? 2_000 : 0));
    // Per account: only entries with this planned account are projected on it; one beyond the period is not.
    const acc2 = await seedAccount(server, other, { name: 'Conta prevista', openingCents: 1_000 });
    await seedEntry(server, other, { kind: 'receivable', amountCents: 700, dueDate: inDay, accountId: acc2 });
    await seedEntry(server, other, { kind: 'payable', amountCents: 300, dueDate: addDays(today, -5), accountId: acc2 });
    await seedEntry(server, other, { kind: 'payable', amountCents: 900, dueDate: addDays(to, 10), accountId: acc2 });
    const perAccount = await get<CashFlowReport>(`/api/finance/reports/cash-flow?from=${today}&to=${to}&granularity=day`, admin);
    expect(perAccount.body.accounts.map((a) => [a.name, a.closingBalanceCents, a.projectedClosingCents])).toEqual([
      ['Conta prevista', 1_000, 1_400],
      ['Conta única', 3_000, 3_000],
    ]);
    // A past period projects nothing.
    const past = await get<CashFlowReport>(`/api/finance/reports/cash-flow?from=${addDays(today, -40)}&to=${addDays(today, -1)}&granularity=month`, admin);
    expect(past.body.accounts.find((a) => a.name === 'Conta prevista')).toMatchObject({ closingBalanceCents: 1_000, projectedClosingCents: 1_000 });

  });

  it('refuses a reversed or too long period and a date in 1900', async () => {
    expect((await get('/api/finance/reports/cash-flow?from=2024-03-10&to=2024-03-01', financeiro)).body.error).toBe('A data final deve ser igual ou posterior à inicial.');
    expect((await get('/api/finance/reports/cash-flow?from=2020-01-01&to=2024-03-01', financeiro)).body.error).toBe('Escolha um período de no máximo 2 anos.');
    expect((await get('/api/finance/reports/cash-flow?from=1900-01-01&to=1900-01-02', financeiro)).body.error).toBe('Data inválida (use AAAA-MM-DD).');
  });
});

describe('permissions and isolation', () => {
  it('another company 404 on an account; without financeiro 403 on every report', async () => {
    await expectTenantIsolation(server, { owner: { jar: financeiro.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Banco A'] }, [
      { method: 'GET', path: `/api/finance/reports/cash-flow?from=2024-03-01&to=2024-03-31&accountId=${accountA}` },
    ]);
    for (const path of ['/api/finance/reports/overview', '/api/finance/reports/dre?to=2024-03', '/api/finance/reports/cash-flow?from=2024-03-01&to=2024-03-31']) {
      expect((await get(path, vendas)).status, path).toBe(403);
      const theirs = await server.request(path, { jar: outsider.jar });
      expect(theirs.status).toBe(200);
      expect(await theirs.text()).not.toContain('Banco A');
    }
    const ov = await get<FinanceOverview>('/api/finance/reports/overview', outsider);
    expect(ov.body.accounts).toEqual([]);
  });
});

describe('exports', () => {
  it('the cash flow as CSV (`;`, decimal comma) and the DRE as XLSX, audited; 403 without financeiro', async () => {
    const csv = await server.request('/api/finance/reports/cash-flow/export?from=2024-03-01&to=2024-04-30&granularity=month&format=csv', { jar: financeiro.jar });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    expect(text.split('\r\n')[1]).toBe('01/03/2024;31/03/2024;5000,00;-2600,00;0,00;0,00;3350,00');
    const xlsx = await server.request('/api/finance/reports/dre/export?to=2024-03&months=2', { jar: financeiro.jar });
    expect(xlsx.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const lucro = ws.getRows(1, ws.rowCount)!.find((r) => r.getCell(1).value === 'Lucro líquido')!;
    expect([lucro.getCell(2).value, lucro.getCell(3).value, lucro.getCell(4).value]).toEqual([-50, 4200, 4150]);
    expect((await server.request('/api/finance/reports/dre/export?to=2024-03', { jar: vendas.jar })).status).toBe(403);
    expect((await server.request('/api/finance/reports/dre/export?to=2024-03&format=pdf', { jar: financeiro.jar })).status).toBe(400);
  });
});
