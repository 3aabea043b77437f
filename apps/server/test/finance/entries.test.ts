import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinEntry, FinEntryDetail, FinEntryPage } from '@sede/shared/finance/entries';
import type { FinAccount, FinCategory, FinCostCenter, FinRegisters } from '@sede/shared/finance/registers';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { sendFinanceAlerts } from '../../src/modules/finance/alerts.ts';
import { createEntry, ensureDefaultChart, settleEntry } from '../../src/modules/finance/public.ts';
import { pdfBytes, upload } from '../files/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let admin: Member;
let fin: Member;
let vendas: Member;
let outsider: Member;
let outsiderCompanyId: string;
let registers: FinRegisters;
let account: FinAccount;
let expenseCategory: FinCategory;

const api = async <T = unknown>(path: string, who: Member, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(`/api/finance${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV stays text
  }
  return { status: res.status, body: body as T & { error?: string; code?: string }, headers: res.headers, text, res };
};

const today = todayInBrazil();
const payable = (extra: Record<string, unknown> = {}) => ({ kind: 'payable', description: 'Aluguel da loja', amountCents: 1000_00, dueDate: addDays(today, 10), ...extra });
const newEntry = async (extra: Record<string, unknown> = {}, who: Member = fin) => {
  const res = await api<{ entries: FinEntry[] }>('/entries', who, { json: payable(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entries;
};

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Empresa Financeiro');
  companyId = a.companyId;
  admin = a.admin;
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  const b = await createCompanyWithAdmin(server, 'Outra Empresa');
  outsider = b.admin;
  outsiderCompanyId = b.companyId;
  const reg = await api<FinRegisters>('/registers', fin);
  expect(reg.status).toBe(200);
  registers = reg.body;
  const acc = await api<FinAccount>('/accounts', fin, { json: { name: 'Banco do Brasil', kind: 'checking', bankCode: '001', openingBalanceCents: 5000_00, openingDate: '2026-01-01' } });
  expect(acc.status, JSON.stringify(acc.body)).toBe(201);
  account = acc.body;
  expenseCategory = registers.categories.find((c) => c.name === 'Aluguel e condomínio')!;
});
afterAll(async () => {
  await server?.stop();
});

describe('registers', () => {
  it('creates the default chart once, with DRE groups, and keeps it editable', async () => {
    expect(registers.categories.length).toBeGreaterThan(40);
    const names = registers.categories.map((c) => c.name);
    for (const n of ['Simples Nacional (DAS)', 'ISS', 'ICMS', 'Pró-labore', 'Folha de pagamento', 'Marketing e publicidade', 'Software e assinaturas', 'Prestação de serviços']) expect(names).toContain(n);
    expect(expenseCategory).toMatchObject({ kind: 'expense', dreGroup: 'despesas_operacionais' });
    // Concurrent first opens and public ensureDefaultChart create nothing more.
    await Promise.all([api('/registers', fin), api('/registers', admin), ensureDefaultChart({ db: server.services.db, companyId })]);
    const [{ n }] = await sql(server, 'SELECT count(*)::int AS n FROM fin_categories WHERE company_id = $1', [companyId]);
    expect(n).toBe(registers.categories.length);

    const created = await api<FinCategory>('/categories', fin, { json: { name: 'Frete de vendas', kind: 'expense', dreGroup: 'custos', parentId: registers.categories.find((c) => c.name === 'Custos')!.id } });
    expect(created.status).toBe(201);
    const renamed = await api<FinCategory>(`/categories/${created.body.id}`, fin, { method: 'PATCH', json: { name: 'Fretes sobre vendas', archived: true } });
    expect(renamed.body).toMatchObject({ name: 'Fretes sobre vendas', archived: true });
    // Moving under a child of itself, or under an income category, is refused.
    const parent = registers.categories.find((c) => c.name === 'Despesas operacionais')!;
    const cycle = await api(`/categories/${parent.id}`, fin, { method: 'PATCH', json: { parentId: expenseCategory.id } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toBe('Uma categoria não pode ficar dentro dela mesma.');
    const income = registers.categories.find((c) => c.kind === 'income')!;
    expect((await api(`/categories/${created.body.id}`, fin, { method: 'PATCH', json: { parentId: income.id } })).status).toBe(400);
  });

  it('accounts keep a balance: opening + received − paid; cost centres; archive', async () => {
    const cc = await api<FinCostCenter>('/cost-centers', fin, { json: { name: 'Loja Centro' } });
    expect(cc.status).toBe(201);
    const acc = await api<FinAccount>('/accounts', fin, { json: { name: 'Caixa', kind: 'cash', openingBalanceCents: 100_00, openingDate: today } });
    const [p] = await newEntry({ amountCents: 30_00, accountId: acc.body.id, costCenterId: cc.body.id });
    const [r] = await newEntry({ kind: 'receivable', amountCents: 80_00 });
    expect((await api(`/entries/${p!.id}/payments`, fin, { json: { accountId: acc.body.id, paidDate: today, amountCents: 30_00, fineCents: 1_00 } })).status).toBe(201);
    expect((await api(`/entries/${r!.id}/payments`, fin, { json: { accountId: acc.body.id, paidDate: today, amountCents: 80_00, discountCents: 5_00 } })).status).toBe(201);
    const list = await api<{ accounts: FinAccount[] }>('/accounts', fin);
    expect(list.body.accounts.find((a) => a.id === acc.body.id)!.balanceCents).toBe(100_00 - 31_00 + 75_00);
    const archived = await api<FinAccount>(`/accounts/${acc.body.id}`, fin, { method: 'PATCH', json: { archived: true } });
    expect(archived.body.archived).toBe(true);
    const [later] = await newEntry({ amountCents: 5_00 });
    const refused = await api(`/entries/${later!.id}/payments`, fin, { json: { accountId: acc.body.id, paidDate: today, amountCents: 5_00 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Esta conta está arquivada: reative-a em Cadastros ou escolha outra.');
    const bad = await api('/accounts', fin, { json: { name: 'X', bankCode: '1', openingDate: today } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('O código do banco tem 3 dígitos.');
  });
});

describe('entries', () => {
  it('refuses bad input with Portuguese messages and a category of another company with 404', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amountCents: -100 }, 'Informe um valor maior que zero.'],
      [{ amountCents: 1e14 }, 'Valor acima do limite de R$ 1 bilhão.'],
      [{ dueDate: '1900-03-10' }, 'Data de vencimento inválida: use uma data entre 2000 e 2099.'],
      [{ competenceDate: '1900-03-10' }, 'Data de competência inválida: use uma data entre 2000 e 2099.'],
      [{ barcode: '12345' }, 'Linha digitável inválida: confira os números do boleto.'],
      [{ description: '' }, 'Informe a descrição.'],
    ];
    for (const [extra, message] of cases) {
      const res = await api('/entries', fin, { json: payable(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const foreign = await api<FinRegisters>('/registers', outsider);
    const res = await api('/entries', fin, { json: payable({ categoryId: foreign.body.categories[0]!.id }) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Categoria não encontrada.');
    const [{ n }] = await sql(server, "SELECT count(*)::int AS n FROM fin_entries WHERE company_id = $1 AND description = 'Aluguel da loja' AND amount_cents < 0", [companyId]);
    expect(n).toBe(0);
  });

  it('splits installments exactly in cents, one month apart, remainder on the first', async () => {
    const entries = await newEntry({ description: 'Notebook', amountCents: 1000_00, installments: 3, dueDate: '2026-01-31', competenceDate: '2026-01-15', categoryId: expenseCategory.id, barcode: '00190.50095 40144.816069 06809.350314 3 37370000000100' });
    expect(entries.map((e) => e.amountCents)).toEqual([333_34, 333_33, 333_33]);
    expect(entries.map((e) => e.dueDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(entries.map((e) => `${e.installmentNumber}/${e.installmentTotal}`)).toEqual(['1/3', '2/3', '3/3']);
    expect(new Set(entries.map((e) => e.installmentGroupId)).size).toBe(1);
    expect(entries.every((e) => e.competenceDate === '2026-01-15' && e.categoryName === 'Aluguel e condomínio')).toBe(true);
    expect(entries[0]!.barcode).toBe('00190500954014481606906809350314337370000000100');
    // 2026-01-31 is a Saturday: payable on Monday 2026-02-02.
    expect(entries[0]!.effectiveDueDate).toBe('2026-02-02');
    expect(entries[2]!.effectiveDueDate).toBe('2026-03-31');
  });

  it('creates a monthly or yearly recurrence ahead', async () => {
    const monthly = await newEntry({ description: 'Assinatura do software', amountCents: 99_90, recurrence: 'monthly', dueDate: '2026-03-05' });
    expect(monthly).toHaveLength(12);
    expect(monthly.at(-1)!.dueDate).toBe('2027-02-05');
    expect(new Set(monthly.map((e) => e.recurrenceId)).size).toBe(1);
    const yearly = await newEntry({ description: 'Alvará', recurrence: 'yearly', occurrences: 3, dueDate: '2026-04-10' });
    expect(yearly.map((e) => e.dueDate)).toEqual(['2026-04-10', '2027-04-10', '2028-04-10']);
    expect((await api('/entries', fin, { json: payable({ installments: 2, recurrence: 'monthly' }) })).status).toBe(400);
  });

  it('partial payments with interest and fine; paid when the principal reaches the amount; undo reopens', async () => {
    const [e] = await newEntry({ description: 'Fornecedor de tecidos', amountCents: 500_00, dueDate: '2026-02-10' });
    const first = await api<{ entry: FinEntryDetail }>(`/entries/${e!.id}/payments`, fin, { json: { accountId: account.id, paidDate: '2026-02-20', amountCents: 200_00, interestCents: 3_33, fineCents: 4_00 } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.entry).toMatchObject({ status: 'open', paidCents: 200_00, openCents: 300_00 });
    const over = await api(`/entries/${e!.id}/payments`, fin, { json: { accountId: account.id, paidDate: '2026-02-21', amountCents: 300_01 } });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('O valor pago é maior que o saldo em aberto.');
    const second = await api<{ entry: FinEntryDetail }>(`/entries/${e!.id}/payments`, fin, { json: { accountId: account.id, paidDate: '2026-02-25', amountCents: 300_00 } });
    expect(second.body.entry).toMatchObject({ status: 'paid', displayStatus: 'paid', paidCents: 500_00, openCents: 0, settledDate: '2026-02-25' });
    expect(second.body.entry.payments.map((p) => p.totalCents)).toEqual([207_33, 300_00]);
    // Settled: more money is refused.
    expect((await api(`/entries/${e!.id}/payments`, fin, { json: { accountId: account.id, paidDate: '2026-02-25', amountCents: 1 } })).status).toBe(409);
    const undone = await api<FinEntryDetail>(`/entries/${e!.id}/payments/${second.body.entry.payments[1]!.id}`, fin, { method: 'DELETE' });
    expect(undone.body).toMatchObject({ status: 'open', paidCents: 200_00, settledDate: null, displayStatus: 'overdue' });
    const audit = await sql(server, "SELECT action FROM activity_log WHERE company_id = $1 AND details->>'id' = $2 ORDER BY id", [companyId, e!.id]);
    expect(audit.map((a) => a.action)).toEqual(['payment_recorded', 'payment_recorded', 'payment_undone']);
    // With payments it can be neither cancelled nor deleted.
    expect((await api(`/entries/${e!.id}/cancel`, fin, { method: 'POST', json: {} })).status).toBe(409);
    expect((await api(`/entries/${e!.id}`, fin, { method: 'DELETE' })).status).toBe(409);
  });

  it('bulk settles many entries on one date and account in one transaction: all or none', async () => {
    const a = await newEntry({ description: 'Lote A', amountCents: 10_00 });
    const b = await newEntry({ description: 'Lote B', amountCents: 20_00 });
    const [c] = await newEntry({ description: 'Lote C (cancelada)', amountCents: 30_00 });
    expect((await api(`/entries/${c!.id}/cancel`, fin, { method: 'POST', json: {} })).body).toMatchObject({ status: 'cancelled' });
    const refused = await api('/entries/settle', fin, { json: { entryIds: [a[0]!.id, b[0]!.id, c!.id], accountId: account.id, paidDate: today } });
    expect(refused.status).toBe(409);
    const [{ n }] = await sql(server, 'SELECT count(*)::int AS n FROM fin_payments WHERE entry_id = ANY($1)', [[a[0]!.id, b[0]!.id]]);
    expect(n).toBe(0);
    const ok = await api<{ settled: number; totalCents: number }>('/entries/settle', fin, { json: { entryIds: [a[0]!.id, b[0]!.id], accountId: account.id, paidDate: today } });
    expect(ok.body).toEqual({ settled: 2, totalCents: 30_00 });
    const after = await api<FinEntryDetail>(`/entries/${b[0]!.id}`, fin);
    expect(after.body).toMatchObject({ status: 'paid', settledDate: today });
    expect((await api('/entries/settle', fin, { json: { entryIds: [], accountId: account.id, paidDate: today } })).body.error).toBe('Selecione ao menos um lançamento.');
  });

  it('lists with filters, sort, cursor paging and totals of the whole filtered set', async () => {
    const tag = `Filtro ${Date.now()}`;
    for (let i = 0; i < 5; i++) await newEntry({ description: `${tag} ${i}`, amountCents: (i + 1) * 100, dueDate: addDays(today, i - 2) });
    const q = `kind=payable&q=${encodeURIComponent(tag)}&sort=amount&order=desc&limit=2`;
    const p1 = await api<FinEntryPage>(`/entries?${q}`, fin);
    expect(p1.body.entries.map((e) => e.amountCents)).toEqual([500, 400]);
    expect(p1.body.totals).toMatchObject({ count: 5, amountCents: 1500, openCents: 1500, overdueCents: 300 });
    const p2 = await api<FinEntryPage>(`/entries?${q}&cursor=${p1.body.nextCursor}`, fin);
    const p3 = await api<FinEntryPage>(`/entries?${q}&cursor=${p2.body.nextCursor}`, fin);
    expect([...p2.body.entries, ...p3.body.entries].map((e) => e.amountCents)).toEqual([300, 200, 100]);
    expect(p2.body.totals).toBeNull();
    expect(p3.body.nextCursor).toBeNull();
    const overdue = await api<FinEntryPage>(`/entries?kind=payable&status=overdue&q=${encodeURIComponent(tag)}`, fin);
    expect(overdue.body.entries.map((e) => e.displayStatus)).toEqual(['overdue', 'overdue']);
    const period = await api<FinEntryPage>(`/entries?kind=payable&q=${encodeURIComponent(tag)}&from=${today}&to=${addDays(today, 1)}`, fin);
    expect(period.body.totals?.count).toBe(2);
    expect((await api(`/entries?cursor=lixo`, fin)).status).toBe(400);
    expect((await api(`/entries?from=1900-01-01`, fin)).status).toBe(400);
  });

  it('searches by word prefixes with accents folded: description, document number, the supplier or customer', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const [org] = await sql(server, "INSERT INTO organizations (company_id, razao_social, nome_fantasia) VALUES ($1, $2, 'Águas Claras') RETURNING id", [companyId, `Companhia ${tag} Saneamento`]);
    const [luz] = await newEntry({ description: `Conta de Energia Elétrica ${tag}`, documentNumber: 'NF-77123' });
    const [agua] = await newEntry({ description: `Serviço mensal ${tag}`, organizationId: org!.id });
    const found = async (q: string) => (await api<FinEntryPage>(`/entries?kind=payable&q=${encodeURIComponent(q)}`, fin)).body.entries.map((e) => e.id).sort();
    expect(await found(`eletrica ${tag}`)).toEqual([luz!.id]);
    expect(await found(`ENERG ${tag}`)).toEqual([luz!.id]);
    expect(await found(`77123 ${tag}`)).toEqual([luz!.id]);
    expect(await found('aguas clar')).toEqual([agua!.id]);
    expect(await found(tag)).toEqual([luz!.id, agua!.id].sort());
    // Not a substring search: the middle of a word does not match; punctuation alone matches nothing.
    expect(await found(`letrica ${tag}`)).toEqual([]);
    expect(await found('%%')).toEqual([]);
  });

  it('exports the filtered list as CSV (defused formulas) and XLSX, audited', async () => {
    await newEntry({ description: '=HYPERLINK("http://x")', amountCents: 1234_56 });
    const csv = await api('/entries/export?kind=payable&q=HYPERLINK&format=csv', fin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.text).toContain('1234,56');
    const xlsx = await server.request('/api/finance/entries/export?format=xlsx', { jar: fin.jar });
    expect(xlsx.status).toBe(200);
    const bytes = Buffer.from(await xlsx.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const audit = await sql(server, "SELECT details FROM activity_log WHERE company_id = $1 AND action = 'fin_entries_exported' AND details->>'entity' = 'fin_entries'", [companyId]);
    expect(audit.length).toBe(2);
  });
});

describe('public functions for reconciliation', () => {
  it('createEntry and settleEntry work on a tenant', async () => {
    const t = { db: server.services.db, companyId, actorId: fin.userId };
    const [e] = await createEntry(t, { kind: 'receivable', description: 'Venda conciliada', amountCents: 77_00, dueDate: today });
    const { entry } = await settleEntry(t, { entryId: e!.id, accountId: account.id, paidDate: today, amountCents: 77_00 });
    expect(entry.status).toBe('paid');
    // Validated like the API: a bad amount is a 400 in Portuguese, nothing written.
    await expect(createEntry(t, { kind: 'payable', description: 'X', amountCents: -1, dueDate: today })).rejects.toMatchObject({ status: 400, message: 'Informe um valor maior que zero.' });
    await expect(settleEntry(t, { entryId: e!.id, accountId: account.id, paidDate: '1900-01-01', amountCents: 1 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('alerts', () => {
  it('notifies the finance readers once per entry and kind', async () => {
    const c = await createCompanyWithAdmin(server, 'Empresa Alertas');
    const reader = await memberOf(server, c.companyId, 'financeiro');
    const seller = await memberOf(server, c.companyId, 'vendas');
    const t = { db: server.services.db, companyId: c.companyId, actorId: c.admin.userId };
    await createEntry(t, { kind: 'payable', description: 'Energia', amountCents: 300_00, dueDate: addDays(today, 2) });
    await createEntry(t, { kind: 'payable', description: 'Água', amountCents: 100_00, dueDate: addDays(today, -1) });
    await createEntry(t, { kind: 'payable', description: 'Futuro', amountCents: 100_00, dueDate: addDays(today, 30) });
    await sendFinanceAlerts(server.services);
    await sendFinanceAlerts(server.services);
    const rows = await sql(server, 'SELECT user_id, title, link FROM notifications WHERE company_id = $1 ORDER BY title', [c.companyId]);
    const byUser = (id: string) => rows.filter((r) => r.user_id === id).map((r) => String(r.title).replace(/\s/g, ' '));
    expect(byUser(reader.userId)).toEqual(['1 conta a pagar vence em breve (R$ 300,00)', '1 conta a pagar venceu (R$ 100,00)']);
    expect(byUser(c.admin.userId)).toHaveLength(2);
    expect(byUser(seller.userId)).toHaveLength(0);
    expect(rows[0]!.link).toContain('/financeiro?aba=contas-a-pagar');
  });

  it('an alert whose notification fails is not marked sent: the next run sends it (claim and notify in one transaction)', async () => {
    const c = await createCompanyWithAdmin(server, 'Empresa Alerta Falho');
    const t = { db: server.services.db, companyId: c.companyId, actorId: c.admin.userId };
    const [e] = await createEntry(t, { kind: 'receivable', description: 'Mensalidade atrasada', amountCents: 450_00, dueDate: addDays(today, -2) });
    // The e-mail queue is down: notify fails inside the alert's transaction.
    const boss = server.services.boss;
    const send = boss.send.bind(boss);
    boss.send = (async () => {
      throw new Error('fila indisponível');
    }) as typeof boss.send;
    try {
      await expect(sendFinanceAlerts(server.services)).rejects.toThrow('fila indisponível');
    } finally {
      boss.send = send;
    }
    const marked = async () => (await sql(server, 'SELECT overdue_notified_at FROM fin_entries WHERE id = $1', [e!.id]))[0]!.overdue_notified_at;
    const titles = async () => (await sql(server, 'SELECT title FROM notifications WHERE company_id = $1 AND user_id = $2', [c.companyId, c.admin.userId])).map((r) => String(r.title).replace(/\s/g, ' '));
    expect(await marked()).toBeNull();
    expect(await titles()).toEqual([]);
    // The queue is back: the next run sends it, once.
    await sendFinanceAlerts(server.services);
    await sendFinanceAlerts(server.services);
    expect(await marked()).not.toBeNull();
    expect(await titles()).toEqual(['1 conta a receber venceu (R$ 450,00)']);
  });
});

describe('isolation and permissions', () => {
  it('another company gets 404 on every id, attachments included; a member without financeiro 403', async () => {
    const [e] = await newEntry({ description: 'Segredo financeiro' });
    const [paid] = await newEntry({ description: 'Paga' });
    const pay = await api<{ payment: { id: string } }>(`/entries/${paid!.id}/payments`, fin, { json: { accountId: account.id, paidDate: today, amountCents: 10_00 } });
    const file = await upload(server, fin.jar, `entityType=fin_entry&entityId=${e!.id}&kind=document`, pdfBytes(), 'boleto.pdf');
    expect(file.status, JSON.stringify(file.body)).toBe(201);
    // Uploading to the entry: another company's member 404, a member without financeiro 403.
    expect((await upload(server, outsider.jar, `entityType=fin_entry&entityId=${e!.id}&kind=document`, pdfBytes(), 'x.pdf')).status).toBe(404);
    expect((await upload(server, vendas.jar, `entityType=fin_entry&entityId=${e!.id}&kind=document`, pdfBytes(), 'x.pdf')).status).toBe(403);
    const cat = registers.categories[0]!;
    const cc = await api<FinCostCenter>('/cost-centers', fin, { json: { name: 'Isolado' } });
    const [toDelete] = await newEntry({ description: 'Apagar' });
    const [toCancel] = await newEntry({ description: 'Cancelar' });
    const [toSettle] = await newEntry({ description: 'Baixar em lote' });
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Segredo financeiro', companyId] }, [
      { method: 'GET', path: `/api/finance/entries/${e!.id}` },
      { method: 'PATCH', path: `/api/finance/entries/${e!.id}`, body: { description: 'Segredo financeiro 2' } },
      { method: 'POST', path: `/api/finance/entries/${toCancel!.id}/cancel`, body: {} },
      { method: 'POST', path: `/api/finance/entries/${toCancel!.id}/reopen`, body: {} },
      { method: 'POST', path: `/api/finance/entries/${e!.id}/payments`, body: { accountId: account.id, paidDate: today, amountCents: 1_00 }, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/finance/entries/${paid!.id}/payments/${pay.body.payment.id}` },
      { method: 'POST', path: '/api/finance/entries/settle', body: { entryIds: [toSettle!.id], accountId: account.id, paidDate: today } },
      { method: 'DELETE', path: `/api/finance/entries/${toDelete!.id}` },
      { method: 'PATCH', path: `/api/finance/accounts/${account.id}`, body: { name: 'Banco do Brasil' } },
      { method: 'PATCH', path: `/api/finance/categories/${cat.id}`, body: { name: cat.name } },
      { method: 'PATCH', path: `/api/finance/cost-centers/${cc.body.id}`, body: { name: 'Isolado' } },
      { method: 'GET', path: `/api/files?entityType=fin_entry&entityId=${e!.id}` },
      { method: 'GET', path: `/api/files/${file.body.id}` },
    ]);
    // Lists: the outsider sees only their own company's; without financeiro, 403.
    const theirs = await api<FinEntryPage>('/entries', outsider);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain('Segredo financeiro');
    for (const path of ['/entries', '/registers', '/accounts', '/entries/export']) expect((await api(path, vendas)).status, path).toBe(403);
    for (const [path, json] of [['/entries', payable()], ['/accounts', { name: 'X', openingDate: today }], ['/categories', { name: 'X', kind: 'expense', dreGroup: 'custos' }], ['/cost-centers', { name: 'X' }]] as const) {
      expect((await api(path, vendas, { json })).status, path).toBe(403);
    }
    expect(outsiderCompanyId).not.toBe(companyId);
  });
});
