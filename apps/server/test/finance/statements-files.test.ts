import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementImport, StatementLinesPage } from '@sede/shared/finance/statements-schemas';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { csvFixture, ofxFixture, seedAccount, seedEntry, seedPayment, upload } from './support.ts';

// Issue items 10 and 12: real banks' files — balance lines, several accounts, cards, other currencies, the bank's balance.
let server: TestServer;
let companyId: string;
let financeiro: Person;

const lines = async (accountId: string) => {
  const res = await server.request(`/api/finance/statements/lines?accountId=${accountId}`, { jar: financeiro.jar });
  return ((await res.json()) as StatementLinesPage).lines;
};
const count = async (accountId: string) => Number((await sql(server, 'select count(*)::int n from fin_statement_lines where account_id = $1', [accountId]))[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Extratos Reais Ltda');
  companyId = a.companyId;
  financeiro = await memberOf(server, companyId, 'financeiro');
});
afterAll(async () => {
  await server?.stop();
});

describe('bank CSV balance lines', () => {
  it("Itaú's SALDO DO DIA is not imported as a credit (nor offered as a receivable); it is the bank's balance, compared with Sede's", async () => {
    const acc = await seedAccount(server, companyId, { name: 'Itaú CSV', bankCode: '341', accountNumber: '12345-6', openingCents: 1_000_000, openingDate: '2024-01-31' });
    const r = await upload(server, financeiro.jar, acc, 'extrato-itau.csv', csvFixture('itau.csv'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ format: 'csv', totalLines: 3, importedLines: 3, startDate: '2024-02-01', endDate: '2024-02-02' });
    const got = await lines(acc);
    expect(got.map((l) => l.amountCents).sort((x, y) => x - y)).toEqual([-25000, -8990, 275000]);
    expect(got.some((l) => /saldo/i.test(l.memo))).toBe(false);
    // R$ 10.000,00 opening, nothing reconciled yet: the bank says R$ 12.410,10 on 02/02.
    expect(r.body.balance).toEqual({ date: '2024-02-02', bankCents: 1_241_010, sedeCents: 1_000_000, differenceCents: 241_010 });
  });

  it("Sede's side of the comparison counts the payments up to the balance's day only", async () => {
    const acc = await seedAccount(server, companyId, { name: 'Bradesco CSV', bankCode: '237', accountNumber: '0123456-7', openingCents: 500_000, openingDate: '2024-02-29' });
    const received = await seedEntry(server, companyId, { kind: 'receivable', amountCents: 120_000, dueDate: '2024-03-04', accountId: acc, status: 'paid', paidCents: 120_000 });
    await seedPayment(server, companyId, { entryId: received, accountId: acc, paidDate: '2024-03-04', amountCents: 120_000 });
    const later = await seedEntry(server, companyId, { kind: 'payable', amountCents: 99_900, dueDate: '2024-03-20', accountId: acc, status: 'paid', paidCents: 99_900 });
    await seedPayment(server, companyId, { entryId: later, accountId: acc, paidDate: '2024-03-20', amountCents: 99_900 });
    const r = await upload(server, financeiro.jar, acc, 'bradesco.csv', csvFixture('bradesco.csv'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ totalLines: 3, balance: { date: '2024-03-05', bankCents: 530_500, sedeCents: 620_000, differenceCents: -89_500 } });
    const history = await server.request(`/api/finance/statements/imports?accountId=${acc}`, { jar: financeiro.jar });
    const [imp] = ((await history.json()) as { imports: StatementImport[] }).imports;
    expect(imp!.balance).toEqual({ date: '2024-03-05', bankCents: 530_500, sedeCents: 620_000, differenceCents: -89_500 });
  });

  it('Banco do Brasil: Saldo Anterior and S A L D O are left out', async () => {
    const acc = await seedAccount(server, companyId, { name: 'BB CSV', bankCode: '001', accountNumber: null });
    const r = await upload(server, financeiro.jar, acc, 'extrato-bb.csv', csvFixture('banco-do-brasil.csv'));
    expect(r.body).toMatchObject({ totalLines: 2, balance: { bankCents: 417_955 } });
    expect(await count(acc)).toBe(2);
  });
});

describe('OFX of real banks', () => {
  it('a file with two accounts imports the one that matches the chosen account, and says which ones it holds when none does', async () => {
    const second = await seedAccount(server, companyId, { name: 'Itaú conta 2', bankCode: '341', accountNumber: '98765-4' });
    const r = await upload(server, financeiro.jar, second, 'itau-empresas.ofx', ofxFixture('itau-duas-contas.ofx'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ totalLines: 2, importedLines: 2, balance: { bankCents: 415_000, date: '2024-02-29' } });
    expect((await lines(second)).map((l) => l.memo).sort()).toEqual(['ALUGUEL SALA COMERCIAL', 'TED RECEBIDA CLIENTE ALFA']);

    const other = await seedAccount(server, companyId, { name: 'Itaú antiga', bankCode: '341', accountNumber: '55555-5' });
    const none = await upload(server, financeiro.jar, other, 'itau-empresas.ofx', ofxFixture('itau-duas-contas.ofx'));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'STATEMENT_OTHER_ACCOUNT' });
    expect(none.body.error).toBe('Este arquivo traz extratos das contas banco 0341, agência 0912, conta 0912 12345-6; banco 0341, agência 0912, conta 0912 98765-4, e nenhum é da conta “Itaú antiga”. Escolha a conta certa ou confira o arquivo.');

    const unnumbered = await seedAccount(server, companyId, { name: 'Itaú sem número', bankCode: '341', accountNumber: null });
    const several = await upload(server, financeiro.jar, unnumbered, 'itau-empresas.ofx', ofxFixture('itau-duas-contas.ofx'));
    expect(several).toMatchObject({ status: 400, body: { code: 'STATEMENT_SEVERAL_ACCOUNTS' } });
    expect(several.body.error).toContain('Informe o banco e o número da conta “Itaú sem número” na aba Cadastros');
    expect(await count(other)).toBe(0);
    expect(await count(unnumbered)).toBe(0);
  });

  it('a USD statement is not imported into a BRL account', async () => {
    const acc = await seedAccount(server, companyId, { name: 'Conta global', bankCode: '341', accountNumber: '77777-7' });
    const r = await upload(server, financeiro.jar, acc, 'global.ofx', ofxFixture('conta-global-usd.ofx'));
    expect(r).toMatchObject({ status: 400, body: { code: 'STATEMENT_CURRENCY', error: 'Este extrato está em dólar americano (USD), e as contas do Sede são em reais. Importe o extrato de uma conta em reais.' } });
    expect(await count(acc)).toBe(0);
  });

  it('a credit-card bill and an investment statement are refused saying what they are', async () => {
    const acc = await seedAccount(server, companyId, { name: 'Nubank', bankCode: '260', accountNumber: '9876543-2' });
    const card = await upload(server, financeiro.jar, acc, 'Nubank_2024-06-12.ofx', ofxFixture('nubank-cartao.ofx'));
    expect(card).toMatchObject({ status: 400, body: { code: 'STATEMENT_INVALID' } });
    expect(card.body.error).toMatch(/^Este arquivo é a fatura de um cartão de crédito\./);
    const inv = await upload(server, financeiro.jar, acc, 'investimentos.ofx', ofxFixture('investimentos.ofx'));
    expect(inv.body.error).toMatch(/^Este arquivo é um extrato de investimentos\./);
    const account = await upload(server, financeiro.jar, acc, 'NU_conta.ofx', ofxFixture('nubank-conta.ofx'));
    expect(account).toMatchObject({ status: 201, body: { totalLines: 2, balance: { date: '2024-06-30', bankCents: 141_010, sedeCents: 0, differenceCents: 141_010 } } });
  });

  it("a DTEND the bank wrote wrong: the period shown is the lines' days", async () => {
    const acc = await seedAccount(server, companyId, { name: 'BB OFX', bankCode: '001', accountNumber: '56789-0' });
    const r = await upload(server, financeiro.jar, acc, 'bb.ofx', ofxFixture('banco-do-brasil-dtend-errado.ofx'));
    expect(r.body).toMatchObject({ startDate: '2024-03-04', endDate: '2024-03-11' });
  });
});
