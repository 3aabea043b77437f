import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { parsePix } from 'pix-utils';
import type { AutoCancellation, EntryBoleto, ProviderSettings } from '@sede/shared/finance/boleto';
import { autoCancelBoletos } from '../../src/modules/finance-boleto/auto-cancel.ts';
import { followPendingRefunds } from '../../src/modules/finance-pix-api/refunds.ts';
import type { EntryCharge, PaymentLinkCreated, PublicPayment } from '@sede/shared/finance/pix';
import type { EntryRefunds, Refund } from '@sede/shared/finance/refunds';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { boletoNumbers, type FakeAsaas, startFakeAsaas } from '../support/fake-asaas.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { latestMail, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { seedAccount, seedEntry } from './support.ts';

let server: TestServer;
let asaas: FakeAsaas;
let companyId: string;
let otherCompanyId: string;
let fin: Member;
let vendas: Member;
let outsider: Member;
let admin: Member;
let accountId: string;
let orgId: string;
let webhookToken: string;
let otherToken: string;

const KEY = '$aact_hmlg_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjFmYmQ2';
const OTHER_KEY = '$aact_hmlg_111MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjFmYmQ3';
const due = addDays(todayInBrazil(), 7);

const api = async <T = unknown>(path: string, who: Member | null, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(path.startsWith('/api') ? path : `/api/finance/boleto${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
};
const receivable = async (o: { amountCents?: number; status?: string; paidCents?: number; organizationId?: string | null; personId?: string | null; dueDate?: string } = {}) => {
  const id = await seedEntry(server, companyId, { kind: 'receivable', description: 'Projeto de identidade visual', amountCents: o.amountCents ?? 1500_00, dueDate: o.dueDate ?? due, status: o.status, paidCents: o.paidCents });
  await sql(server, `update fin_entries set organization_id = $2, person_id = $3 where id = $1`, [id, o.organizationId === undefined ? orgId : o.organizationId, o.personId ?? null]);
  return id;
};
const issue = (entryId: string, who: Member = fin) => api<EntryBoleto>(`/entries/${entryId}`, who, { method: 'POST', json: {} });

beforeAll(async () => {
  asaas = await startFakeAsaas();
  asaas.keys.sandbox.add(KEY);
  asaas.keys.sandbox.add(OTHER_KEY);
  server = await startTestServer({ ...asaas.env, ASAAS_TIMEOUT_MS: '300' });
  const a = await createCompanyWithAdmin(server, 'Estúdio Boleto Ltda');
  companyId = a.companyId;
  admin = a.admin;
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  const other = await createCompanyWithAdmin(server, 'Outra Empresa Boleto');
  outsider = other.admin;
  otherCompanyId = other.companyId;
  accountId = await seedAccount(server, companyId, { name: 'Conta Asaas' });
  const [org] = await sql(server, `insert into organizations (company_id, razao_social, cnpj, email) values ($1, 'Cliente Pagador SA', '11222333000181', 'contas@pagador.com.br') returning id`, [companyId]);
  orgId = org!.id as string;
});
afterAll(async () => {
  await server?.stop();
  await asaas?.close();
});

describe('the fake Asaas', () => {
  it('makes real-format boletos: check digits, amount and due date read back', () => {
    const { identificationField, barCode } = boletoNumbers(1500_00, '2026-12-10', '1234567890123456789012345');
    expect(identificationField).toMatch(/^\d{47}$/);
    expect(barCode).toMatch(/^\d{44}$/);
    expect(isValidBoleto(identificationField)).toBe(true);
    const info = getBoletoInfo(identificationField, { referenceDate: new Date('2026-12-01T12:00:00Z') });
    expect(info).toMatchObject({ amount: 1500_00, bankCode: '461' });
    expect(info!.expirationDate!.toISOString().slice(0, 10)).toBe('2026-12-10');
    // One digit changed: the check digits catch it.
    expect(isValidBoleto(`${identificationField.slice(0, 20)}${(Number(identificationField[20]) + 1) % 10}${identificationField.slice(21)}`)).toBe(false);
  });
});

describe('provider settings', () => {
  it('refuses a key Asaas refuses, in Portuguese, and stores nothing', async () => {
    const bad = await api('/settings', fin, { method: 'PUT', json: { environment: 'sandbox', apiKey: '$aact_hmlg_wrong_key_0000', accountId } });
    expect([bad.status, bad.body.code, bad.body.error]).toEqual([400, 'PROVIDER_AUTH', 'O Asaas recusou a chave de API: confira a chave e o ambiente (sandbox ou produção).']);
    // The sandbox key against production is refused too (each environment has its own keys).
    expect((await api('/settings', fin, { method: 'PUT', json: { environment: 'production', apiKey: KEY, accountId } })).body.code).toBe('PROVIDER_AUTH');
    expect((await api('/settings', fin, { method: 'PUT', json: { environment: 'sandbox', accountId } })).status).toBe(400);
    expect((await api('/settings', fin, { method: 'PUT', json: { environment: 'nuvem', apiKey: KEY, accountId } })).body.error).toBe('Escolha o ambiente: sandbox ou produção.');
    expect((await api<ProviderSettings>('/settings', fin)).body.configured).toBe(false);
  });

  it('keeps the key encrypted, answers the webhook token once, and a provider timeout is a clear 503', async () => {
    asaas.delayNext(1000);
    const slow = await api('/settings', fin, { method: 'PUT', json: { environment: 'sandbox', apiKey: KEY, accountId } });
    expect([slow.status, slow.body.error]).toEqual([503, 'O Asaas não respondeu a tempo. Nada foi emitido; tente novamente em instantes.']);

    const saved = await api<ProviderSettings>('/settings', fin, { method: 'PUT', json: { environment: 'sandbox', apiKey: `  ${KEY}  `, accountId } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, environment: 'sandbox', accountName: 'Conta Asaas', apiKeyHint: `••••${KEY.slice(-4)}`, webhookState: 'registered', webhookError: null });
    expect(saved.body.webhookUrl).toMatch(/\/api\/public\/boleto\/asaas$/);
    // Sede registered its webhook at Asaas with a token of Asaas's rules; the token is not answered (nothing to paste).
    expect(saved.body.webhookToken).toBeUndefined();
    const hooks = [...asaas.webhooks.values()].filter((w) => w.apiKey === KEY);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ url: saved.body.webhookUrl, enabled: true, interrupted: false, sendType: 'SEQUENTIALLY' });
    expect(hooks[0]!.events).toEqual(expect.arrayContaining(['PAYMENT_RECEIVED', 'PAYMENT_REFUNDED', 'PAYMENT_PARTIALLY_REFUNDED', 'PAYMENT_DELETED']));
    webhookToken = hooks[0]!.authToken;
    expect(webhookToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await sql(server, `select api_key_encrypted, webhook_token_hash from fin_payment_providers where company_id = $1`, [companyId]);
    expect(row!.api_key_encrypted).not.toContain(KEY.slice(10));
    expect(row!.webhook_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Read back: no key, no token.
    expect((await api('/settings', vendas)).status).toBe(403);
    const read = await api<ProviderSettings>('/settings', fin);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(KEY);
    expect(read.body.webhookToken).toBeUndefined();
    // Saving again without a key keeps the stored one and the token.
    const again = await api<ProviderSettings>('/settings', fin, { method: 'PUT', json: { environment: 'sandbox', accountId } });
    expect(again.status).toBe(200);
    expect(again.body.webhookToken).toBeUndefined();
    asaas.webhook = { url: `${server.url}/api/public/boleto/asaas`, token: webhookToken };

    // Another company with its own Asaas (used by the webhook isolation below).
    const otherAccount = await seedAccount(server, otherCompanyId, { name: 'Asaas da outra' });
    expect((await api<ProviderSettings>('/settings', outsider, { method: 'PUT', json: { environment: 'sandbox', apiKey: OTHER_KEY, accountId: otherAccount } })).body.webhookState).toBe('registered');
    otherToken = [...asaas.webhooks.values()].find((w) => w.apiKey === OTHER_KEY)!.authToken;
    expect(otherToken).not.toBe(webhookToken);
  });
});

describe('issuing a boleto', () => {
  it('issues a hybrid boleto once: linha digitável, barcode, PDF and Pix; shown on the charge e-mail and the payment page', async () => {
    const entryId = await receivable();
    const issued = await issue(entryId);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const b = issued.body.boleto!;
    expect(b).toMatchObject({ status: 'open', provider: 'asaas', environment: 'sandbox', amountCents: 1500_00, dueDate: due });
    expect(isValidBoleto(b.identificationField!)).toBe(true);
    expect(b.barCode).toMatch(/^461\d{41}$/);
    expect(b.bankSlipUrl).toMatch(/^https:\/\/sandbox\.asaas\.com\/b\/pdf\//);
    expect(parsePix(b.pixPayload!)).toMatchObject({ transactionAmount: 1500 });
    const sent = asaas.payments.get(b.externalId!)!;
    expect(sent).toMatchObject({ billingType: 'BOLETO', value: 1500, dueDate: due });
    expect(asaas.customers.get(sent.customer)).toMatchObject({ name: 'Cliente Pagador SA', cpfCnpj: '11222333000181' });

    // Never twice while one is open: 409 before anything reaches Asaas.
    const calls = asaas.requests.length;
    const twice = await issue(entryId);
    expect([twice.status, twice.body.error]).toEqual([409, 'Esta conta a receber já tem um boleto em aberto: cancele-o para emitir outro.']);
    expect(asaas.requests.slice(calls)).toEqual([]);
    // Two at once: one boleto.
    const other = await receivable();
    const both = await Promise.all([issue(other), issue(other)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const [{ n }] = (await sql(server, `select count(*)::int as n from fin_charges where entry_id = $1 and method = 'boleto'`, [other])) as [{ n: number }];
    expect(n).toBe(1);

    // The payment page and the charge e-mail carry the boleto.
    const link = await api<PaymentLinkCreated>(`/api/finance/pix/entries/${entryId}/link`, fin, { json: {} });
    await sql(server, `insert into fin_pix_keys (company_id, account_id, type, key, is_default) values ($1, $2, 'email', 'financeiro@boleto.com.br', true) on conflict do nothing`, [companyId, accountId]);
    const page = await api<PublicPayment>(`/api/public/payments/${link.body.url.split('/pagar/')[1]}`, null);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({ boletoUrl: b.bankSlipUrl, boletoLine: b.identificationField });
    const mail = await api(`/api/finance/pix/entries/${entryId}/send`, fin, { json: { to: 'contas@pagador.com.br' } });
    expect(mail.status, JSON.stringify(mail.body)).toBe(200);
    const message = await latestMail(server, 'contas@pagador.com.br');
    expect(message.text).toContain(b.identificationField!);
    expect(message.text).toContain(b.bankSlipUrl!);
  });

  it('refuses what cannot be issued, in Portuguese, with nothing issued', async () => {
    const [person] = await sql(server, `insert into people (company_id, name) values ($1, 'Pessoa Sem CPF') returning id`, [companyId]);
    const cases: Array<[Parameters<typeof receivable>[0], number, string]> = [
      [{ status: 'paid', paidCents: 1500_00 }, 409, 'Esta conta a receber já foi recebida.'],
      [{ amountCents: 100_00, paidCents: 100_00 }, 400, 'Não há valor em aberto para cobrar.'],
      [{ organizationId: null }, 400, 'Informe o cliente da conta a receber (empresa ou pessoa) para emitir boleto.'],
      [{ organizationId: null, personId: person!.id as string }, 400, 'Cadastre o CPF ou o CNPJ do cliente para emitir boleto.'],
    ];
    for (const [o, status, error] of cases) {
      const entryId = await receivable(o);
      const res = await issue(entryId);
      expect([res.status, res.body.error]).toEqual([status, error]);
      expect((await api<EntryBoleto>(`/entries/${entryId}`, fin)).body.boleto).toBeNull();
    }
    // Asaas refuses: its words, nothing kept, the receivable can be issued again.
    const entryId = await receivable();
    asaas.failNext({ method: 'POST', path: '/payments' }, 400, [{ code: 'invalid_value', description: 'O valor da cobrança deve ser de no mínimo R$ 5,00.' }]);
    const refused = await issue(entryId);
    expect([refused.status, refused.body.error]).toEqual([400, 'O Asaas recusou o pedido: O valor da cobrança deve ser de no mínimo R$ 5,00.']);
    // Asaas times out: a clear 503, the reservation gone.
    asaas.delayNext(1000);
    const slow = await issue(entryId);
    expect([slow.status, slow.body.code]).toEqual([503, 'PROVIDER_TIMEOUT']);
    const [{ n }] = (await sql(server, `select count(*)::int as n from fin_charges where entry_id = $1`, [entryId])) as [{ n: number }];
    expect(n).toBe(0);
    // Asaas made the payment but answered late: it was found by its reference and deleted there too.
    const orphan = [...asaas.payments.values()].find((p) => p.description === 'Projeto de identidade visual' && p.status === 'DELETED' && !!p.externalReference);
    expect(orphan, 'the payment left by the timeout is deleted at Asaas').toBeTruthy();
    const known = (await sql(server, `select provider_reference from fin_charges where provider_reference is not null`)).map((r) => r.provider_reference);
    expect([...asaas.payments.values()].filter((p) => p.status === 'PENDING' && !known.includes(p.id))).toEqual([]);
    expect((await issue(entryId)).status).toBe(201);
    // An overdue receivable's boleto is due today (Asaas refuses a past date).
    const late = await issue(await receivable({ dueDate: addDays(todayInBrazil(), -3) }));
    expect(late.body.boleto!.dueDate).toBe(todayInBrazil());
  });

  it('cancels at Asaas and here; then a new one may be issued', async () => {
    const entryId = await receivable();
    const b = (await issue(entryId)).body.boleto!;
    const cancelled = await api<EntryBoleto>(`/entries/${entryId}`, fin, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.boleto!.status).toBe('cancelled');
    expect(asaas.payments.get(b.externalId!)!.status).toBe('DELETED');
    // The Pix panel never shows a boleto that is not the one paid.
    expect((await api<EntryCharge>(`/api/finance/pix/entries/${entryId}/charge`, fin)).body.charge).toBeNull();
    expect((await api(`/entries/${entryId}`, fin, { method: 'DELETE' })).body.error).toBe('Esta conta a receber não tem boleto em aberto.');
    expect((await issue(entryId)).status).toBe(201);
  });
});

describe('the Asaas webhook', () => {
  it('settles through the one settlement, once per event; the static Pix ends; bad token, another company and odd bodies change nothing', async () => {
    const entryId = await receivable({ amountCents: 320_00 });
    await api<EntryCharge>(`/api/finance/pix/entries/${entryId}/charge`, fin, { json: {} });
    const b = (await issue(entryId)).body.boleto!;

    // A bad or missing token: 401, nothing read.
    const event = asaas.event(b.externalId!, 'PAYMENT_RECEIVED', 'evt_fixed_1&1');
    expect((await asaas.post(event, 'not-the-token')).status).toBe(401);
    const noToken = await server.request('/api/public/boleto/asaas', { method: 'POST', json: event });
    expect(noToken.status).toBe(401);
    // Another company's token naming this payment: 404, nothing settled.
    const foreign = await asaas.post(event, otherToken);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(entryId);
    // A body that is not Asaas's: 400.
    expect((await asaas.post({ event: 'PAYMENT_RECEIVED' })).status).toBe(400);
    // A payment made outside Sede (Asaas notifies every payment of the account): received, ignored.
    const outside = { ...event, id: 'evt_outside&1', payment: { ...(event.payment as object), id: 'pay_999999999999' } };
    expect((await asaas.post(outside)).body).toEqual({ received: true, outcome: 'ignored' });
    // An event Sede does not handle: received, ignored.
    expect((await asaas.post(asaas.event(b.externalId!, 'PAYMENT_CREATED'))).body).toEqual({ received: true, outcome: 'ignored' });
    // Overdue, twice: recorded once.
    const overdue = asaas.event(b.externalId!, 'PAYMENT_OVERDUE');
    expect((await asaas.post(overdue)).body).toMatchObject({ outcome: 'updated' });
    expect((await asaas.post(overdue)).body).toMatchObject({ outcome: 'duplicate' });
    expect((await api<EntryBoleto>(`/entries/${entryId}`, fin)).body.boleto!.status).toBe('overdue');

    // Paid: settled once, the same event again changes nothing, a second event of the same payment neither.
    const paid = await asaas.pay(b.externalId!);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toEqual({ received: true, outcome: 'settled' });
    expect((await asaas.post(paid.event)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await asaas.post(asaas.event(b.externalId!, 'PAYMENT_CONFIRMED'))).body).toEqual({ received: true, outcome: 'duplicate' });
    const [entry] = await sql(server, `select status, paid_cents from fin_entries where id = $1`, [entryId]);
    expect([entry!.status, Number(entry!.paid_cents)]).toEqual(['paid', 320_00]);
    const payments = await sql(server, `select account_id from fin_payments where entry_id = $1`, [entryId]);
    expect(payments).toEqual([{ account_id: accountId }]);
    const charges = await sql(server, `select method, status from fin_charges where entry_id = $1 order by method`, [entryId]);
    expect(charges).toEqual([
      { method: 'boleto', status: 'paid' },
      { method: 'pix_static', status: 'cancelled' },
    ]);
    expect((await api<EntryBoleto>(`/entries/${entryId}`, fin)).body.boleto).toMatchObject({ status: 'paid' });
    expect((await api<EntryCharge>(`/api/finance/pix/entries/${entryId}/charge`, fin)).body.charge).toMatchObject({ method: 'boleto', status: 'paid', paidCents: 320_00 });
    const [{ n }] = (await sql(server, `select count(*)::int as n from activity_log where company_id = $1 and action = 'charge_paid' and details->>'id' = $2`, [companyId, entryId])) as [{ n: number }];
    expect(n).toBe(1);

    // Deleted at Asaas: the boleto is cancelled here.
    const gone = await receivable();
    const g = (await issue(gone)).body.boleto!;
    expect((await asaas.post(asaas.event(g.externalId!, 'PAYMENT_DELETED'))).body).toMatchObject({ outcome: 'updated' });
    expect((await api<EntryBoleto>(`/entries/${gone}`, fin)).body.boleto!.status).toBe('cancelled');
  });
});

describe('refunds through Asaas (decision 0601)', () => {
  const refund = (entryId: string, json: Record<string, unknown>, who: Member = fin) => api<Refund>(`/api/finance/pix-api/entries/${entryId}/refunds`, who, { json });
  const list = (entryId: string) => api<EntryRefunds>(`/api/finance/pix-api/entries/${entryId}/refunds`, fin);
  const paidByBoleto = async (amountCents = 320_00) => {
    const entryId = await receivable({ amountCents });
    const b = (await issue(entryId)).body.boleto!;
    expect((await asaas.pay(b.externalId!)).body).toMatchObject({ outcome: 'settled' });
    return { entryId, paymentId: b.externalId! };
  };
  const refundRows = (entryId: string) => sql(server, `select r.status, r.amount_cents::int as cents, r.reason, e.description, e.kind, e.status as payable_status from fin_charge_refunds r left join fin_entries e on e.id = r.payable_entry_id where r.entry_id = $1 order by r.created_at`, [entryId]);

  it('a full refund: POST /payments/{id}/refund, done at once, a paid payable; PAYMENT_REFUNDED twice changes nothing', async () => {
    const { entryId, paymentId } = await paidByBoleto();
    const out = await refund(entryId, { refundId: 'asaasfull1', amountCents: 320_00, reason: 'Serviço cancelado' });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ status: 'done', provider: 'asaas', amountCents: 320_00 });
    expect(asaas.requests.filter((r) => r.path === `/payments/${paymentId}/refund`)).toEqual([{ method: 'POST', path: `/payments/${paymentId}/refund`, body: { value: 320, description: 'Serviço cancelado' } }]);
    expect(asaas.payments.get(paymentId)!.status).toBe('REFUNDED');
    const event = asaas.event(paymentId, 'PAYMENT_REFUNDED');
    expect((await asaas.post(event)).body).toEqual({ received: true, outcome: 'updated' });
    expect((await asaas.post(event)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await refundRows(entryId)).toEqual([{ status: 'done', cents: 320_00, reason: 'Serviço cancelado', description: 'Devolução — Projeto de identidade visual', kind: 'payable', payable_status: 'paid' }]);
    expect((await list(entryId)).body).toMatchObject({ refundableCents: 0, blockedReason: null });
    expect((await refund(entryId, { refundId: 'asaasfull2', amountCents: 1, reason: 'De novo' })).body.code).toBe('OVER_REFUND');
  });

  it('a partial refund in progress ends with PAYMENT_PARTIALLY_REFUNDED, once; the same refund id twice asks Asaas once', async () => {
    const { entryId, paymentId } = await paidByBoleto();
    asaas.refundMode = 'PENDING';
    try {
      const [a, b] = await Promise.all([refund(entryId, { refundId: 'parcial1', amountCents: 100_00, reason: 'Desconto' }), refund(entryId, { refundId: 'parcial1', amountCents: 100_00, reason: 'Desconto' })]);
      expect([a.body.status, b.body.status, a.body.id]).toEqual(['pending', 'pending', b.body.id]);
      expect(asaas.requests.filter((r) => r.path === `/payments/${paymentId}/refund`)).toHaveLength(1);
      expect((await list(entryId)).body).toMatchObject({ refundableCents: 220_00, refunds: [{ status: 'pending' }] });
      const event = asaas.finishRefunds(paymentId);
      expect(event.event).toBe('PAYMENT_PARTIALLY_REFUNDED');
      expect((await asaas.post(event)).body).toEqual({ received: true, outcome: 'updated' });
      expect((await asaas.post(event)).body).toEqual({ received: true, outcome: 'duplicate' });
      expect((await refundRows(entryId)).map((r) => [r.status, r.cents, r.kind])).toEqual([['done', 100_00, 'payable']]);
      expect((await list(entryId)).body.refundableCents).toBe(220_00);
      // A denied refund (a boleto's, the payer's bank refused) is not made and holds nothing back.
      await refund(entryId, { refundId: 'parcial2', amountCents: 20_00, reason: 'Ajuste' });
      expect((await asaas.post(asaas.event(paymentId, 'PAYMENT_REFUND_DENIED'))).body).toMatchObject({ outcome: 'updated' });
      expect((await list(entryId)).body).toMatchObject({ refundableCents: 220_00, refunds: [{ status: 'failed', error: 'O Asaas negou o estorno.' }, { status: 'done' }] });
    } finally {
      asaas.refundMode = 'DONE';
    }
  });

  it('a refund made in Asaas\'s own screens is recorded once; Asaas refusing a refund keeps it as not made', async () => {
    const { entryId, paymentId } = await paidByBoleto(200_00);
    const p = asaas.payments.get(paymentId)!;
    p.refunds = [{ dateCreated: '2026-12-04', status: 'DONE', value: 50, description: 'no painel' }];
    const event = asaas.event(paymentId, 'PAYMENT_PARTIALLY_REFUNDED');
    expect((await asaas.post(event)).body).toMatchObject({ outcome: 'updated' });
    expect((await asaas.post({ ...event, id: 'evt_outro&2' })).body).toMatchObject({ outcome: 'updated' });
    expect((await refundRows(entryId)).map((r) => [r.status, r.cents, r.reason])).toEqual([['done', 50_00, 'Estorno feito no Asaas']]);
    asaas.failNext({ method: 'POST', path: `/payments/${paymentId}/refund` }, 400, [{ code: 'invalid_action', description: 'Saldo insuficiente para estorno.' }]);
    const refused = await refund(entryId, { refundId: 'recusado1', amountCents: 10_00, reason: 'Teste' });
    expect(refused.body).toMatchObject({ status: 'failed', error: 'O Asaas recusou o estorno: Saldo insuficiente para estorno.' });
    expect((await list(entryId)).body.refundableCents).toBe(150_00);
  });

  it('a refund left in progress with no webhook is asked again by the schedule after five quiet minutes, and ends once', async () => {
    const { entryId, paymentId } = await paidByBoleto(150_00);
    asaas.refundMode = 'PENDING';
    try {
      expect((await refund(entryId, { refundId: 'semwebhook1', amountCents: 40_00, reason: 'Sem aviso' })).body).toMatchObject({ status: 'pending' });
    } finally {
      asaas.refundMode = 'DONE';
    }
    asaas.finishRefunds(paymentId); // done at Asaas; its webhook never arrives
    const asked = () => asaas.requests.filter((r) => r.method === 'GET' && r.path === `/payments/${paymentId}`).length;
    const before = asked();
    await followPendingRefunds(server.services);
    expect(asked(), 'a refund pending for under five minutes is left to its webhook').toBe(before);
    await sql(server, `update fin_charge_refunds set updated_at = now() - interval '6 minutes' where entry_id = $1`, [entryId]);
    await followPendingRefunds(server.services);
    expect(asked()).toBe(before + 1);
    expect((await refundRows(entryId)).map((r) => [r.status, r.cents, r.kind])).toEqual([['done', 40_00, 'payable']]);
    await followPendingRefunds(server.services);
    expect(asked(), 'a refund that ended is not asked about again').toBe(before + 1);
  });

  it('another company gets 404 and a member without finance.write 403 on the refunds of an Asaas receivable', async () => {
    const { entryId } = await paidByBoleto();
    await expectTenantIsolation(server, { owner: fin, outsider, withoutPermission: vendas, secrets: [entryId, 'Projeto de identidade'] }, [
      { method: 'GET', path: `/api/finance/pix-api/entries/${entryId}/refunds` },
      { method: 'POST', path: `/api/finance/pix-api/entries/${entryId}/refunds`, body: { refundId: 'iso1', amountCents: 1_00, reason: 'Isolamento' } },
    ]);
  });
});

describe('automatic cancellation at Asaas (decision 0602)', () => {
  const sweep = () => autoCancelBoletos(server.services, { companyId });
  const withBoleto = async () => {
    const entryId = await receivable({ amountCents: 90_00 });
    const b = (await issue(entryId)).body.boleto!;
    return { entryId, paymentId: b.externalId!, boletoId: b.id };
  };

  it('a receivable settled by hand, cancelled or deleted: its open boleto is deleted at Asaas once, the result shown', async () => {
    const settled = await withBoleto();
    const pay = await api(`/api/finance/entries/${settled.entryId}/payments`, fin, { json: { accountId, paidDate: todayInBrazil(), amountCents: 90_00 } });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    const cancelled = await withBoleto();
    expect((await api(`/api/finance/entries/${cancelled.entryId}/cancel`, fin, { json: {} })).status).toBe(200);
    const deleted = await withBoleto();
    expect((await api(`/api/finance/entries/${deleted.entryId}`, admin, { method: 'DELETE' })).status).toBe(200);
    const untouched = await withBoleto();

    expect(await sweep()).toBe(3);
    expect(await sweep()).toBe(0);
    // Settled by hand: nothing the system can refund, said as such.
    expect((await api<EntryRefunds>(`/api/finance/pix-api/entries/${settled.entryId}/refunds`, fin)).body).toMatchObject({ refundableCents: 0, blockedReason: 'Este recebimento foi baixado à mão, sem um meio que permita devolver pelo sistema. Faça a devolução pelo banco e registre uma conta a pagar.' });
    for (const b of [settled, cancelled, deleted]) expect(asaas.payments.get(b.paymentId)!.status).toBe('DELETED');
    expect(asaas.payments.get(untouched.paymentId)!.status).toBe('PENDING');
    expect((await api<EntryBoleto>(`/entries/${settled.entryId}`, fin)).body.boleto).toMatchObject({ status: 'cancelled', autoCancel: { reason: 'settled', state: 'done', error: null } });
    expect((await api<EntryBoleto>(`/entries/${cancelled.entryId}`, fin)).body.boleto).toMatchObject({ status: 'cancelled', autoCancel: { reason: 'cancelled', state: 'done' } });
    const list = await api<{ cancellations: AutoCancellation[] }>('/auto-cancellations', fin);
    expect(list.body.cancellations.find((c) => c.id === deleted.boletoId)).toMatchObject({ entryId: null, label: 'Projeto de identidade visual', reason: 'deleted', state: 'done' });
    // Asaas's PAYMENT_DELETED for it afterwards changes nothing.
    expect((await asaas.post(asaas.event(deleted.paymentId, 'PAYMENT_DELETED'))).body).toMatchObject({ outcome: 'ignored' });
  });

  it('a failure shows with Asaas\'s words, is not retried by itself, and \'Tentar de novo\' cancels it', async () => {
    const b = await withBoleto();
    await api(`/api/finance/entries/${b.entryId}/cancel`, fin, { json: {} });
    asaas.failNext({ method: 'DELETE', path: `/payments/${b.paymentId}` }, 400, [{ code: 'invalid_action', description: 'Cobrança em processamento.' }]);
    expect(await sweep()).toBe(0);
    expect((await api<EntryBoleto>(`/entries/${b.entryId}`, fin)).body.boleto).toMatchObject({ status: 'open', autoCancel: { reason: 'cancelled', state: 'failed', error: 'O Asaas recusou o pedido: Cobrança em processamento.' } });
    expect(await sweep()).toBe(0);
    expect(asaas.payments.get(b.paymentId)!.status).toBe('PENDING');
    expect((await api(`/auto-cancellations/${b.boletoId}`, vendas, { json: {} })).status).toBe(403);
    expect((await api(`/auto-cancellations/${b.boletoId}`, outsider, { json: {} })).status).toBe(404);
    const retried = await api<AutoCancellation>(`/auto-cancellations/${b.boletoId}`, fin, { json: {} });
    expect(retried.body).toMatchObject({ state: 'done', error: null });
    expect(asaas.payments.get(b.paymentId)!.status).toBe('DELETED');
    expect((await api(`/auto-cancellations/${b.boletoId}`, fin, { json: {} })).status).toBe(404);
    // The list is the caller's company's: another company sees its own (none), a member without finance 403.
    expect((await api<{ cancellations: AutoCancellation[] }>('/auto-cancellations', outsider)).body).toEqual({ cancellations: [] });
    expect((await api('/auto-cancellations', vendas)).status).toBe(403);
  });
});

describe('tenancy and permissions', () => {
  it('every endpoint: another company 404, a member without finance.write 403', async () => {
    const entryId = await receivable();
    const cast = { owner: fin, outsider, withoutPermission: vendas, secrets: [entryId, 'Cliente Pagador'] };
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/finance/boleto/entries/${entryId}` },
      { method: 'POST', path: `/api/finance/boleto/entries/${entryId}`, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/finance/boleto/entries/${entryId}` },
    ]);
    // Settings are per company: the outsider sees its own, never this one's; vendas may read, not write.
    expect((await api('/settings', vendas, { method: 'PUT', json: { environment: 'sandbox', accountId } })).status).toBe(403);
    expect((await api('/settings/webhook-token', vendas, { json: {} })).status).toBe(403);
    expect((await api('/settings', vendas, { method: 'DELETE' })).status).toBe(403);
    expect((await api<ProviderSettings>('/settings', outsider)).body.accountName).toBe('Asaas da outra');
    // Another company's account id: 404.
    expect((await api('/settings', outsider, { method: 'PUT', json: { environment: 'sandbox', accountId } })).status).toBe(404);
    // 'Registrar de novo' while Asaas refuses: the state and Asaas's words show; a new token to paste by hand, the old one stops working.
    asaas.failNext({ method: 'GET', path: '/webhooks' }, 400, [{ code: 'invalid_action', description: 'Limite de webhooks atingido.' }]);
    const rotated = await api<ProviderSettings>('/settings/webhook-token', fin, { json: {} });
    expect(rotated.body).toMatchObject({ webhookState: 'failed', webhookError: 'O Asaas recusou o pedido: Limite de webhooks atingido.' });
    expect(rotated.body.webhookToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await asaas.post(asaas.event([...asaas.payments.keys()][0]!, 'PAYMENT_CREATED'), webhookToken)).status).toBe(401);
    expect((await asaas.post(asaas.event([...asaas.payments.keys()][0]!, 'PAYMENT_CREATED'), rotated.body.webhookToken)).status).toBe(200);
    // Again, Asaas answering: the same webhook at Asaas updated (not doubled) with a new token, which Sede checks.
    const again = await api<ProviderSettings>('/settings/webhook-token', fin, { json: {} });
    expect(again.body).toMatchObject({ webhookState: 'registered', webhookError: null });
    expect(again.body.webhookToken).toBeUndefined();
    const mine = [...asaas.webhooks.values()].filter((w) => w.apiKey === KEY);
    expect(mine).toHaveLength(1);
    expect((await asaas.post(asaas.event([...asaas.payments.keys()][0]!, 'PAYMENT_CREATED'), rotated.body.webhookToken)).status).toBe(401);
    webhookToken = mine[0]!.authToken;
    expect((await asaas.post(asaas.event([...asaas.payments.keys()][0]!, 'PAYMENT_CREATED'), webhookToken)).status).toBe(200);
    // Removing is refused while boletos are open.
    expect((await api('/settings', fin, { method: 'DELETE' })).status).toBe(409);
  });
});
