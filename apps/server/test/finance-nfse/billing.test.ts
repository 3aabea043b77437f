import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BilledVsReceived, BillingState, CustomerMoney } from '@sede/shared/finance/billing';
import type { NfseDelivery, NfseInvoice } from '@sede/shared/finance/nfse';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { settleCharge } from '../../src/modules/finance-pix/public.ts';
import { type FakeSefin, startFakeSefin } from '../support/fake-sefin.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { randomCnpj } from '../support/seed.ts';
import { latestMail, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { seedAccount, seedPayment } from '../finance/support.ts';
import { certifiedCompany, receivable, validSettings } from './support.ts';

/** Issue 27 "Where it shows": the note sent to the customer, billing from the CRM, the customer's money, received vs billed, the payment notification. */
let server: TestServer;
let sefin: FakeSefin;
let companyId: string;
let admin: Person;
let fin: Person;
let vendas: Person;
let outsider: Person;
let accountId: string;

type Answer<T> = { status: number; body: T & { error?: string; code?: string; entryId?: string } };
const call = async <T = Record<string, unknown>>(path: string, who: Person, init: { method?: string; json?: unknown } = {}): Promise<Answer<T>> => {
  const res = await server.request(`/api/finance${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
};
const today = todayInBrazil();

/** A customer organization with an e-mail, and a won deal of it with an accepted quote. */
async function sale(o: { valueCents?: number; email?: string | null; quoteStatus?: string; dealStatus?: string } = {}) {
  const [org] = await sql(server, `insert into organizations (company_id, razao_social, cnpj, email) values ($1, 'Cliente Comprador Ltda', $2, $3) returning id`, [companyId, randomCnpj(), o.email === undefined ? 'compras@cliente.com.br' : o.email]);
  const [pipeline] = await sql(server, `insert into crm_pipelines (company_id, name) values ($1, 'Funil') returning id`, [companyId]);
  const [stage] = await sql(server, `insert into crm_stages (company_id, pipeline_id, name, position, probability) values ($1, $2, 'Proposta', 1, 50) returning id`, [companyId, pipeline!.id]);
  const [deal] = await sql(server, `insert into deals (company_id, pipeline_id, stage_id, title, value_cents, status, organization_id) values ($1, $2, $3, 'Site institucional', $4, $5, $6) returning id`, [
    companyId,
    pipeline!.id,
    stage!.id,
    o.valueCents ?? 4800_00,
    o.dealStatus ?? 'won',
    org!.id,
  ]);
  const [num] = await sql(server, `select coalesce(max(number), 0) + 1 as n from crm_quotes where company_id = $1`, [companyId]);
  const [quote] = await sql(
    server,
    `insert into crm_quotes (company_id, deal_id, number, valid_until, status, subtotal_cents, total_cents, organization_id) values ($1, $2, $3, $4, $5, $6, $6, $7) returning id`,
    [companyId, deal!.id, num!.n, addDays(today, 10), o.quoteStatus ?? 'aceito', o.valueCents ?? 4800_00, org!.id],
  );
  return { organizationId: org!.id as string, dealId: deal!.id as string, quoteId: quote!.id as string };
}

beforeAll(async () => {
  sefin = await startFakeSefin();
  server = await startTestServer(sefin.env);
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Agência Digital'));
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  const cert = await certifiedCompany(server, companyId, admin);
  sefin.trust(cert.certificatePem);
  expect((await call('/nfse/settings', fin, { method: 'PUT', json: validSettings })).status).toBe(200);
  accountId = await seedAccount(server, companyId, { name: 'Banco do Brasil', bankCode: '001' });
});
afterAll(async () => {
  await server?.stop();
  await sefin?.close();
});

describe('sending the NFS-e to the customer', () => {
  it('e-mails the DANFSe and the XML right after authorisation, records it, and resends on request', async () => {
    const entryId = await receivable(server, companyId, { description: 'Manutenção mensal' });
    await sql(server, `update organizations set email = 'Fiscal@Tomador.com.br' where id = (select organization_id from fin_entries where id = $1)`, [entryId]);
    const issued = await call<NfseInvoice>(`/nfse/entries/${entryId}/invoice`, fin, { json: {} });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const mail = await latestMail(server, 'fiscal@tomador.com.br', `nº ${issued.body.number}`);
    expect(mail.text).toContain('Manutenção mensal');
    expect(mail.text).toContain(issued.body.accessKey);
    expect(mail.text).toMatch(new RegExp(`Anexos: danfse-${issued.body.number}\\.pdf \\(\\d+ bytes\\), nfse-${issued.body.accessKey}\\.xml`));

    const first = await call<{ deliveries: NfseDelivery[] }>(`/nfse/entries/${entryId}/invoice/deliveries`, fin);
    expect(first.body.deliveries).toEqual([expect.objectContaining({ sentTo: 'fiscal@tomador.com.br', status: 'sent', sentByName: null })]);

    const again = await call<{ deliveries: NfseDelivery[] }>(`/nfse/entries/${entryId}/invoice/send`, fin, { json: { to: 'contador@tomador.com.br' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.deliveries).toHaveLength(2);
    expect(again.body.deliveries[0]).toMatchObject({ sentTo: 'contador@tomador.com.br', status: 'sent' });
    expect(again.body.deliveries[0]!.sentByName).toBeTruthy();
    await latestMail(server, 'contador@tomador.com.br', 'Nota fiscal de serviço');
    const audit = await sql(server, `select count(*)::int as n from activity_log where company_id = $1 and action = 'nfse_sent'`, [companyId]);
    expect(audit[0]!.n).toBe(2);

    expect((await call(`/nfse/entries/${entryId}/invoice/send`, fin, { json: { to: 'não é e-mail' } })).body.error).toBe('Informe um e-mail válido para enviar a nota.');
    await expectTenantIsolation(server, { owner: fin, outsider, withoutPermission: vendas }, [
      { method: 'GET', path: `/api/finance/nfse/entries/${entryId}/invoice/deliveries` },
      { method: 'POST', path: `/api/finance/nfse/entries/${entryId}/invoice/send`, body: {} },
    ]);
  });

  it('records a note it could not send (no e-mail), refuses a resend without an address, and never sends a cancelled note', async () => {
    const entryId = await receivable(server, companyId);
    const issued = await call<NfseInvoice>(`/nfse/entries/${entryId}/invoice`, fin, { json: {} });
    expect(issued.status).toBe(201);
    const list = await call<{ deliveries: NfseDelivery[] }>(`/nfse/entries/${entryId}/invoice/deliveries`, fin);
    expect(list.body.deliveries).toEqual([expect.objectContaining({ sentTo: null, status: 'failed', error: 'O cliente não tem e-mail cadastrado. Informe um e-mail para enviar a nota.' })]);
    const noAddress = await call(`/nfse/entries/${entryId}/invoice/send`, fin, { json: {} });
    expect(noAddress).toMatchObject({ status: 409, body: { code: 'NFSE_NO_RECIPIENT' } });
    await call(`/nfse/entries/${entryId}/invoice/cancel`, fin, { json: { reason: 'Serviço não prestado neste mês' } });
    const cancelled = await call(`/nfse/entries/${entryId}/invoice/send`, fin, { json: { to: 'alguem@cliente.com.br' } });
    expect(cancelled).toMatchObject({ status: 409, body: { error: 'Só se envia uma nota emitida e válida: esta foi cancelada.' } });
    const none = await receivable(server, companyId);
    expect((await call(`/nfse/entries/${none}/invoice/send`, fin, { json: { to: 'a@b.com.br' } })).status).toBe(404);
  });
});

describe("'Cobrar' and 'Emitir nota' from a quote and a deal", () => {
  it('creates one receivable per accepted quote, answers 409 on a second, and the deal of that sale is not billed again', async () => {
    const s = await sale({ valueCents: 3200_00 });
    expect((await call<BillingState>(`/billing/quotes/${s.quoteId}`, fin)).body).toEqual({ entry: null, invoice: null });
    const billed = await call<{ entry: BillingState['entry']; created: boolean }>(`/billing/quotes/${s.quoteId}/receivable`, fin, { json: {} });
    expect(billed.status, JSON.stringify(billed.body)).toBe(201);
    expect(billed.body.entry).toMatchObject({ amountCents: 3200_00, status: 'open', dueDate: addDays(today, 7) });
    expect(billed.body.entry!.description).toMatch(/^Orçamento nº \d+ — Site institucional$/);
    const [row] = await sql(server, 'select organization_id, kind, created_by from fin_entries where id = $1', [billed.body.entry!.id]);
    expect(row).toMatchObject({ organization_id: s.organizationId, kind: 'receivable', created_by: fin.userId });

    const second = await call(`/billing/quotes/${s.quoteId}/receivable`, fin, { json: {} });
    expect(second).toMatchObject({ status: 409, body: { code: 'ALREADY_BILLED', entryId: billed.body.entry!.id, error: 'Este orçamento ou negócio já tem uma conta a receber no Financeiro. Abra a cobrança existente.' } });
    const viaDeal = await call(`/billing/deals/${s.dealId}/receivable`, fin, { json: {} });
    expect(viaDeal).toMatchObject({ status: 409, body: { entryId: billed.body.entry!.id } });
    expect((await call<BillingState>(`/billing/deals/${s.dealId}`, fin)).body.entry?.id).toBe(billed.body.entry!.id);
    const count = await sql(server, `select count(*)::int as n from fin_entries where company_id = $1 and description like 'Orçamento nº%'`, [companyId]);
    expect(count[0]!.n).toBe(1);
  });

  it('bills a won deal once even when asked twice at the same time', async () => {
    const s = await sale({ valueCents: 900_00, quoteStatus: 'enviado' });
    const both = await Promise.all([0, 1].map(() => call(`/billing/deals/${s.dealId}/receivable`, fin, { json: { dueDate: addDays(today, 15) } })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await sql(server, `select due_date::text as due from fin_entries e join fin_entry_origins o on o.entry_id = e.id where o.origin_id = $1`, [s.dealId]);
    expect(rows).toEqual([{ due: addDays(today, 15) }]);
  });

  it('refuses what cannot be billed in Portuguese', async () => {
    const open = await sale({ quoteStatus: 'enviado', dealStatus: 'open' });
    expect((await call(`/billing/quotes/${open.quoteId}/receivable`, fin, { json: {} })).body).toMatchObject({ code: 'QUOTE_NOT_ACCEPTED', error: 'Só se cobra um orçamento aceito.' });
    expect((await call(`/billing/deals/${open.dealId}/receivable`, fin, { json: {} })).body).toMatchObject({ code: 'DEAL_NOT_WON', error: 'Só se cobra um negócio ganho.' });
    const zero = await sale({ valueCents: 0 });
    expect((await call(`/billing/deals/${zero.dealId}/receivable`, fin, { json: {} })).status).toBe(409);
    expect((await call(`/billing/quotes/${open.quoteId}/receivable`, fin, { json: { dueDate: '31/12/2026' } })).body.error).toBe('Informe o vencimento (AAAA-MM-DD).');
    expect((await call(`/billing/quotes/00000000-0000-4000-8000-000000000000/receivable`, fin, { json: {} })).status).toBe(404);
  });

  it("'Emitir nota' creates the receivable when there is none, issues its NFS-e and sends it", async () => {
    const s = await sale({ valueCents: 1750_00, email: 'nf@comprador.com.br' });
    const res = await call<NfseInvoice>(`/billing/deals/${s.dealId}/invoice`, fin, { json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'authorized', amountCents: 1750_00 });
    await latestMail(server, 'nf@comprador.com.br', `nº ${res.body.number}`);
    const state = await call<BillingState>(`/billing/deals/${s.dealId}`, fin);
    expect(state.body).toMatchObject({ entry: { amountCents: 1750_00 }, invoice: { status: 'authorized', number: res.body.number } });
    expect((await call(`/billing/deals/${s.dealId}/invoice`, fin, { json: {} })).body).toMatchObject({ code: 'NFSE_ALREADY_ISSUED' });
  });

  it("two 'Emitir nota' at once: one receivable, one note, the other a 409", async () => {
    const s = await sale({ valueCents: 610_00 });
    const both = await Promise.all([0, 1].map(() => call<NfseInvoice>(`/billing/quotes/${s.quoteId}/invoice`, fin, { json: {} })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await sql(server, `select count(*)::int as n from nfse_invoices i join fin_entry_origins o on o.entry_id = i.entry_id where o.origin_id = $1`, [s.quoteId]);
    expect(rows[0]!.n).toBe(1);
  });

  it('keeps every endpoint to its company and to who may bill', async () => {
    const s = await sale();
    await expectTenantIsolation(server, { owner: fin, outsider, withoutPermission: vendas, secrets: [s.quoteId, s.dealId] }, [
      { method: 'GET', path: `/api/finance/billing/quotes/${s.quoteId}` },
      { method: 'GET', path: `/api/finance/billing/deals/${s.dealId}` },
      { method: 'POST', path: `/api/finance/billing/quotes/${s.quoteId}/receivable`, body: {}, ownerStatus: 201 },
      { method: 'POST', path: `/api/finance/billing/deals/${s.dealId}/receivable`, body: {}, ownerStatus: 409 },
      { method: 'POST', path: `/api/finance/billing/quotes/${s.quoteId}/invoice`, body: {}, ownerStatus: 201 },
      { method: 'POST', path: `/api/finance/billing/deals/${s.dealId}/invoice`, body: {}, ownerStatus: 409 },
      { method: 'GET', path: `/api/finance/billing/organizations/${s.organizationId}` },
    ]);
  });
});

describe("the customer's money and received vs billed", () => {
  it('sums what the customer owes, what is overdue and what they paid in 12 months, with their latest receivables', async () => {
    const [org] = await sql(server, `insert into organizations (company_id, razao_social) values ($1, 'Cliente Fiel') returning id`, [companyId]);
    const add = async (amount: number, due: string, status = 'open', paid = 0) =>
      (await sql(server, `insert into fin_entries (company_id, kind, description, amount_cents, paid_cents, due_date, competence_date, organization_id, status) values ($1, 'receivable', 'Mensalidade', $2, $3, $4, $4, $5, $6) returning id`, [companyId, amount, paid, due, org!.id, status]))[0]!.id as string;
    await add(1000_00, addDays(today, 5));
    await add(300_00, addDays(today, -3));
    const paid = await add(500_00, addDays(today, -40), 'paid', 500_00);
    await seedPayment(server, companyId, { entryId: paid, accountId, paidDate: addDays(today, -35), amountCents: 500_00, interestCents: 10_00 });
    const old = await add(200_00, addDays(today, -500), 'paid', 200_00);
    await seedPayment(server, companyId, { entryId: old, accountId, paidDate: addDays(today, -400), amountCents: 200_00 });
    await add(999_00, addDays(today, 1), 'cancelled');
    const res = await call<CustomerMoney>(`/billing/organizations/${org!.id}`, fin);
    expect(res.body).toMatchObject({ openCents: 1300_00, overdueCents: 300_00, paidLast12MonthsCents: 510_00 });
    expect(res.body.entries).toHaveLength(4);
    expect((await call(`/billing/people/${org!.id}`, fin)).status).toBe(404);
    const [person] = await sql(server, `insert into people (company_id, name) values ($1, 'Ana Cliente') returning id`, [companyId]);
    expect((await call<CustomerMoney>(`/billing/people/${person!.id}`, fin)).body).toEqual({ openCents: 0, overdueCents: 0, paidLast12MonthsCents: 0, entries: [] });
    await expectTenantIsolation(server, { owner: fin, outsider, withoutPermission: vendas }, [{ method: 'GET', path: `/api/finance/billing/people/${person!.id}` }]);
  });

  it('gives billed and received per month, oldest first, this month last', async () => {
    const res = await call<BilledVsReceived>('/billing/billed-vs-received?months=3', fin);
    expect(res.status).toBe(200);
    expect(res.body.months.map((m) => m.month)).toHaveLength(3);
    expect(res.body.months.at(-1)!.month).toBe(today.slice(0, 7));
    const [billed] = await sql(
      server,
      `select coalesce(sum(amount_cents), 0)::bigint as n from fin_entries where company_id = $1 and kind = 'receivable' and status <> 'cancelled' and to_char(competence_date, 'YYYY-MM') = $2`,
      [companyId, today.slice(0, 7)],
    );
    expect(res.body.months.at(-1)!.billedCents).toBe(Number(billed!.n));
    expect(res.body.months.at(-1)!.billedCents).toBeGreaterThan(0);
    expect((await call('/billing/billed-vs-received?months=99', fin)).body.error).toBe('Escolha de 1 a 24 meses.');
    // The company's own figures: another company's admin sees theirs (nothing billed), a member without finance.read none.
    const other = await call<BilledVsReceived>('/billing/billed-vs-received?months=3', outsider);
    expect(other.body.months.every((m) => m.billedCents === 0 && m.receivedCents === 0)).toBe(true);
    expect((await call('/billing/billed-vs-received', vendas)).status).toBe(403);
  });
});

describe('notification on payment', () => {
  it("tells the finance members and the receivable's creator when its charge is paid", async () => {
    const s = await sale({ valueCents: 250_00 });
    const admBilled = await call<{ entry: { id: string } }>(`/billing/quotes/${s.quoteId}/receivable`, admin, { json: {} });
    const entryId = admBilled.body.entry.id;
    await sql(server, `update fin_entries set created_by = $2 where id = $1`, [entryId, vendas.userId]);
    const [charge] = await sql(server, `insert into fin_charges (company_id, entry_id, method, provider, account_id, amount_cents, txid, status) values ($1, $2, 'pix_static', 'pix_static', $3, 25000, 'TXBILLING1', 'open') returning id`, [companyId, entryId, accountId]);
    const out = await settleCharge(server.services, { companyId, provider: 'pix_static', externalEventId: 'E2E-BILLING-1', chargeId: charge!.id, amountCents: 250_00, paidAt: new Date() });
    expect(out.outcome).toBe('settled');
    const notified = await sql(server, `select user_id from notifications where company_id = $1 and title = 'Pagamento recebido' and entity_id = $2`, [companyId, entryId]);
    const who = notified.map((r) => r.user_id);
    expect(who).toEqual(expect.arrayContaining([admin.userId, fin.userId, vendas.userId]));
  });
});
