import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementImportResult, StatementLinesPage } from '@sede/shared/finance/statements-schemas';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { makeOfx, ofxFixture, seedAccount, seedCategory, seedEntry, seedPayment, upload } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let vendas: Person;
let financeiro: Person;
let outsider: Person;
let itauAccount: string;
let otherAccount: string;
let despesa: string;
let receita: string;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person | undefined, init: { method?: string; json?: unknown } = {}): Promise<Res<T>> {
  const res = await server.request(path, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
}
const lines = (accountId: string, who: Person = financeiro) => call<StatementLinesPage>(`/api/finance/statements/lines?accountId=${accountId}`, who);
const count = async (table: string) => Number((await sql(server, `select count(*)::int n from ${table} where company_id = $1`, [companyId]))[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Financeiro Extratos Ltda');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await memberOf(server, companyId, 'vendas');
  financeiro = await memberOf(server, companyId, 'financeiro');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
  itauAccount = await seedAccount(server, companyId, { name: 'Itaú PJ', bankCode: '341', accountNumber: '67890' });
  otherAccount = await seedAccount(server, companyId, { name: 'Caixa da loja', bankCode: null, accountNumber: null });
  despesa = await seedCategory(server, companyId, { name: 'Tarifas bancárias', kind: 'expense', dreGroup: 'despesas_financeiras' });
  receita = await seedCategory(server, companyId, { name: 'Vendas de produtos', kind: 'income', dreGroup: 'receita_bruta' });
});
afterAll(async () => {
  await server?.stop();
});

describe('statement import', () => {
  it('imports an Itaú OFX into its account, and a second import of the same file adds nothing', async () => {
    const first = await upload(server, financeiro.jar, itauAccount, 'extrato-itau.ofx', ofxFixture('itau.ofx'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ format: 'ofx', totalLines: 3, importedLines: 3, duplicateLines: 0, startDate: '2024-01-01', endDate: '2024-01-31' } satisfies Partial<StatementImportResult>);
    const again = await upload(server, financeiro.jar, itauAccount, 'extrato-itau.ofx', ofxFixture('itau.ofx'));
    expect(again.body).toMatchObject({ totalLines: 3, importedLines: 0, duplicateLines: 3 });
    const page = await lines(itauAccount);
    expect(page.body.lines.map((l) => [l.postedDate, l.amountCents, l.memo, l.status])).toEqual([
      ['2024-01-15', -3990, 'TARIFA PACOTE SERVIÇOS', 'pending'],
      ['2024-01-10', -25075, 'PAG BOLETO ENERGIA ELÉTRICA', 'pending'],
      ['2024-01-05', 150000, 'TED RECEBIDA JOÃO DA SILVA', 'pending'],
    ]);
    expect(page.body.counts).toEqual({ pending: 3, matched: 0, created: 0, ignored: 0 });
    const imports = await call<{ imports: { fileName: string; importedLines: number; totalLines: number; createdByName: string | null }[] }>(`/api/finance/statements/imports?accountId=${itauAccount}`, financeiro);
    expect(imports.body.imports.map((i) => i.importedLines)).toEqual([0, 3]);
    // The history says who imported each file (the Extratos tab's 'Histórico de importações').
    const [who] = await sql(server, 'select name from "user" where id = $1', [financeiro.userId]);
    expect(imports.body.imports.map((i) => [i.fileName, i.totalLines, i.createdByName])).toEqual([
      ['extrato-itau.ofx', 3, who!.name],
      ['extrato-itau.ofx', 3, who!.name],
    ]);
  });

  it('an overlapping later export imports only the new lines, keeping two identical purchases of one day', async () => {
    const acc = await seedAccount(server, companyId, { name: 'Bradesco', bankCode: '237', accountNumber: '98765-4' });
    const r1 = await upload(server, financeiro.jar, acc, 'bradesco.ofx', ofxFixture('bradesco.ofx'));
    expect(r1.body).toMatchObject({ importedLines: 3 });
    const overlap = makeOfx({
      bankId: '237',
      acctId: '98765-4',
      transactions: [
        { date: '2024-02-05', amount: '3.200,00', fitId: '0205001', memo: 'DEP DINHEIRO' },
        { date: '2024-03-01', amount: '-10,00', fitId: '0301001', memo: 'TARIFA' },
      ],
    });
    const r2 = await upload(server, financeiro.jar, acc, 'bradesco-marco.ofx', overlap);
    expect(r2.body).toMatchObject({ totalLines: 2, importedLines: 1, duplicateLines: 1 });
  });

  it('refuses a statement of another account, saying so, and imports nothing', async () => {
    const before = await count('fin_statement_lines');
    const res = await upload(server, financeiro.jar, itauAccount, 'bradesco.ofx', ofxFixture('bradesco.ofx'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('STATEMENT_OTHER_ACCOUNT');
    expect(res.body.error).toBe('Este extrato é da conta banco 237, agência 3456, conta 98765-4, não da conta “Itaú PJ”. Escolha a conta certa ou confira o arquivo.');
    expect(await count('fin_statement_lines')).toBe(before);
  });

  it('a malformed file is a 400 naming the line, and nothing is half-imported', async () => {
    const [lines0, imports0] = [await count('fin_statement_lines'), await count('fin_statement_imports')];
    const bad = await upload(server, financeiro.jar, itauAccount, 'ruim.ofx', ofxFixture('malformed-amount.ofx'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'STATEMENT_INVALID', error: 'Valor inválido no extrato: "-2x0.75" (linha 51)', line: 51 });
    const old = await upload(server, financeiro.jar, otherAccount, 'antigo.csv', 'Data;Descrição;Valor\n05/01/2024;Ok;10,00\n01/01/1900;Antigo;5,00\n');
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('Data fora do intervalo aceito no extrato: "01/01/1900" (linha 3)');
    const absurd = await upload(server, financeiro.jar, otherAccount, 'absurdo.csv', '05/01/2024;Ok;99999999999999,00\n');
    expect(absurd.body.error).toMatch(/Valor absurdo/);
    expect((await upload(server, financeiro.jar, otherAccount, 'vazio.csv', '')).body.code).toBe('STATEMENT_EMPTY');
    expect((await upload(server, financeiro.jar, otherAccount, 'foto.png', '\u0089PNG\r\n')).body.code).toBe('STATEMENT_FORMAT');
    expect([await count('fin_statement_lines'), await count('fin_statement_imports')]).toEqual([lines0, imports0]);
  });

  it('a file over 20 MB is a 413 in Portuguese', async () => {
    const res = await upload(server, financeiro.jar, otherAccount, 'enorme.csv', new Uint8Array(21 * 1024 * 1024).fill(65));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'STATEMENT_TOO_LARGE', error: 'O extrato pode ter no máximo 20 MB.' });
  });

  it('imports a CSV statement into an account without bank details', async () => {
    const res = await upload(server, financeiro.jar, otherAccount, 'caixa.csv', Buffer.from('Data;Histórico;Valor\n10/01/2024;Venda balcão;1.234,56\n11/01/2024;Compra material;-99,90\n', 'latin1'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format: 'csv', importedLines: 2 });
  });

  it('a 10,000-transaction OFX imports in under 3 s', async () => {
    const acc = await seedAccount(server, companyId, { name: 'Conta grande', bankCode: '341', accountNumber: '55555' });
    const transactions = Array.from({ length: 10_000 }, (_, i) => ({ date: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`, amount: `${i % 2 ? '-' : ''}${(i % 997) + 1},${String(i % 100).padStart(2, '0')}`, fitId: `BIG${i}`, memo: `Linha ${i}` }));
    const ofx = makeOfx({ bankId: '341', acctId: '55555', transactions });
    const t0 = performance.now();
    const res = await upload(server, financeiro.jar, acc, 'grande.ofx', ofx);
    const ms = performance.now() - t0;
    expect(res.body).toMatchObject({ importedLines: 10_000 });
    expect(ms).toBeLessThan(3000);
  });
});

describe('reconciliation', () => {
  it('suggests the payable of the same amount within ±5 days and confirms it in one click, settling the entry', async () => {
    const payable = await seedEntry(server, companyId, { kind: 'payable', description: 'Conta de energia', amountCents: 25075, dueDate: '2024-01-08', accountId: itauAccount });
    // Same amount, too far: never suggested.
    await seedEntry(server, companyId, { kind: 'payable', description: 'Outra conta', amountCents: 25075, dueDate: '2024-01-25' });
    const page = await lines(itauAccount);
    const energy = page.body.lines.find((l) => l.amountCents === -25075)!;
    expect(energy.suggestion).toMatchObject({ type: 'entry', id: payable, description: 'Conta de energia', daysApart: 2, amountCents: 25075 });
    expect(page.body.lines.find((l) => l.amountCents === -3990)!.suggestion).toBeNull();

    const ok = await call(`/api/finance/statements/lines/${energy.id}/confirm`, financeiro, { json: { type: 'entry', id: payable } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [entry] = await sql(server, 'select status, paid_cents, settled_date::text from fin_entries where id = $1', [payable]);
    expect(entry).toEqual({ status: 'paid', paid_cents: '25075', settled_date: '2024-01-10' });
    const [payment] = await sql(server, 'select account_id, paid_date::text, amount_cents from fin_payments where entry_id = $1', [payable]);
    expect(payment).toEqual({ account_id: itauAccount, paid_date: '2024-01-10', amount_cents: '25075' });
    const after = (await lines(itauAccount)).body.lines.find((l) => l.id === energy.id)!;
    expect(after).toMatchObject({ status: 'matched', matchedEntryId: payable, matchedDescription: 'Conta de energia', suggestion: null });

    const twice = await call(`/api/finance/statements/lines/${energy.id}/confirm`, financeiro, { json: { type: 'entry', id: payable } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('STATEMENT_LINE_DONE');
  });

  it('refuses a candidate of the wrong direction or amount', async () => {
    const receivable = await seedEntry(server, companyId, { kind: 'receivable', amountCents: 3990, dueDate: '2024-01-15' });
    const tarifa = (await lines(itauAccount)).body.lines.find((l) => l.amountCents === -3990)!;
    const wrong = await call(`/api/finance/statements/lines/${tarifa.id}/confirm`, financeiro, { json: { type: 'entry', id: receivable } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('STATEMENT_MISMATCH');
    const small = await seedEntry(server, companyId, { kind: 'payable', amountCents: 1000, dueDate: '2024-01-15' });
    expect((await call(`/api/finance/statements/lines/${tarifa.id}/confirm`, financeiro, { json: { type: 'entry', id: small } })).body.code).toBe('STATEMENT_OVER_REMAINING');
  });

  it('creates an entry (with category) for an unmatched line, settled on its day', async () => {
    const tarifa = (await lines(itauAccount)).body.lines.find((l) => l.amountCents === -3990)!;
    const wrongKind = await call(`/api/finance/statements/lines/${tarifa.id}/entry`, financeiro, { json: { categoryId: receita } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toBe('Para uma saída, escolha uma categoria de despesa.');
    const res = await call<{ entryId: string }>(`/api/finance/statements/lines/${tarifa.id}/entry`, financeiro, { json: { categoryId: despesa } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [entry] = await sql(server, 'select kind, description, amount_cents, status, category_id, due_date::text, competence_date::text from fin_entries where id = $1', [res.body.entryId]);
    expect(entry).toEqual({ kind: 'payable', description: 'TARIFA PACOTE SERVIÇOS', amount_cents: '3990', status: 'paid', category_id: despesa, due_date: '2024-01-15', competence_date: '2024-01-15' });
    expect((await lines(itauAccount)).body.counts).toMatchObject({ matched: 1, created: 1, pending: 1 });
  });

  it('ignores a line and brings it back', async () => {
    const ted = (await lines(itauAccount)).body.lines.find((l) => l.amountCents === 150000)!;
    expect((await call(`/api/finance/statements/lines/${ted.id}/ignore`, financeiro, { json: {} })).status).toBe(200);
    expect((await call(`/api/finance/statements/lines/${ted.id}/ignore`, financeiro, { json: {} })).status).toBe(409);
    expect((await call(`/api/finance/statements/lines/${ted.id}/reopen`, financeiro, { json: {} })).status).toBe(200);
    expect((await lines(itauAccount)).body.lines.find((l) => l.id === ted.id)!.status).toBe('pending');
  });

  it('bulk-confirms the suggested lines in one transaction, linking a payment already entered', async () => {
    const acc = await seedAccount(server, companyId, { name: 'Inter', bankCode: '077', accountNumber: '12345678' });
    const rent = await seedEntry(server, companyId, { kind: 'payable', description: 'Aluguel julho', amountCents: 123456, dueDate: '2024-07-01', status: 'paid', paidCents: 123456 });
    const payment = await seedPayment(server, companyId, { entryId: rent, accountId: acc, paidDate: '2024-07-01', amountCents: 123456 });
    const sale = await seedEntry(server, companyId, { kind: 'receivable', description: 'Venda 99', amountCents: 99999, dueDate: '2024-07-04' });
    await upload(server, financeiro.jar, acc, 'inter.ofx', ofxFixture('inter.ofx'));
    const page = await lines(acc);
    expect(page.body.lines.map((l) => l.suggestion?.id)).toEqual([sale, payment]);
    const res = await call<{ confirmed: number }>('/api/finance/statements/lines/confirm-suggested', financeiro, { json: { lineIds: page.body.lines.map((l) => l.id) } });
    expect(res.body).toEqual({ confirmed: 2, skipped: 0 });
    const after = await lines(acc);
    expect(after.body.lines.map((l) => [l.status, l.matchedPaymentId === payment])).toEqual([
      ['matched', false],
      ['matched', true],
    ]);
    const [e] = await sql(server, 'select status from fin_entries where id = $1', [sale]);
    expect(e!.status).toBe('paid');
    // The rent's payment moved once: linked, not paid again.
    expect((await sql(server, 'select count(*)::int n from fin_payments where entry_id = $1', [rent]))[0]!.n).toBe(1);
  });
});

describe('permissions and isolation', () => {
  it('another company gets 404 on every id; a member without financeiro 403; anonymous 401', async () => {
    const acc = await seedAccount(server, companyId, { name: 'Isolada', bankCode: '341', accountNumber: '77777' });
    await upload(server, financeiro.jar, acc, 'iso.ofx', makeOfx({ bankId: '341', acctId: '77777', transactions: [{ date: '2024-05-02', amount: '-50,00' }, { date: '2024-05-03', amount: '-60,00' }, { date: '2024-05-04', amount: '70,00' }] }));
    const ids = (await lines(acc)).body.lines.map((l) => l.id);
    const entry = await seedEntry(server, companyId, { kind: 'payable', amountCents: 5000, dueDate: '2024-05-02' });
    await expectTenantIsolation(server, { owner: { jar: financeiro.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Isolada'] }, [
      { method: 'GET', path: `/api/finance/statements/lines?accountId=${acc}` },
      { method: 'GET', path: `/api/finance/statements/imports?accountId=${acc}` },
      { method: 'POST', path: `/api/finance/statements/imports?accountId=${acc}&fileName=x.ofx`, ownerStatus: 400 },
      { method: 'POST', path: `/api/finance/statements/lines/${ids[2]}/confirm`, body: { type: 'entry', id: entry } },
      { method: 'POST', path: `/api/finance/statements/lines/${ids[1]}/ignore` },
      { method: 'POST', path: `/api/finance/statements/lines/${ids[1]}/reopen` },
      { method: 'POST', path: `/api/finance/statements/lines/${ids[0]}/entry`, body: { categoryId: receita }, ownerStatus: 201 },
      { method: 'POST', path: '/api/finance/statements/lines/confirm-suggested', body: { lineIds: [ids[1]] } },
      { method: 'POST', path: '/api/finance/statements/ai/suggest-categories', body: { lineIds: [ids[1]], requestId: 'isolation-1' }, ownerStatus: 409 },
    ]);
    // Lists without an id: the outsider sees only its own company; vendas gets 403.
    const theirs = await call<{ accounts: { name: string }[] }>('/api/finance/statements/options', outsider);
    expect(theirs.status).toBe(200);
    expect(theirs.body.accounts).toEqual([]);
    expect((await call('/api/finance/statements/lines', outsider)).body).toMatchObject({ lines: [] });
    expect((await call('/api/finance/statements/options', vendas)).status).toBe(403);
    const mine = await call<{ accounts: { name: string }[]; categories: { name: string }[] }>('/api/finance/statements/options', admin);
    expect(mine.body.accounts.map((a) => a.name)).toContain('Itaú PJ');
    expect(mine.body.categories.map((c) => c.name)).toEqual(['Tarifas bancárias', 'Vendas de produtos']);
  });
});
