import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryCharge, PublicPayment } from '@sede/shared/finance/pix';
import { PIX_API_MESSAGES as M, type PixApiSettings } from '@sede/shared/finance/pix-api';
import { type EntryRefunds, type Refund, REFUND_MESSAGES as R } from '@sede/shared/finance/refunds';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { reconcilePixApi, sendPixApiCertificateAlerts } from '../../src/modules/finance-pix-api/settlement.ts';
import { manualClock } from '../support/clock.ts';
import { type FakePixPsp, startFakePixPsp } from '../support/fake-pix-psp.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { makeA1, type TestCertificate } from '../support/test-certificates.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { seedAccount, seedEntry } from './support.ts';

const DAY = 86_400_000;
const clock = manualClock();
let psp: FakePixPsp;
let server: TestServer;
let companyId: string;
let otherCompanyId: string;
let fin: Member;
let vendas: Member;
let outsider: Member;
let accountId: string;
let cert: TestCertificate;
const KEY = 'financeiro@estudio.com.br';

type Answer<T> = { status: number; body: T & { error?: string; code?: string } };
const api = async <T = unknown>(path: string, who: Member | null, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<Answer<T>> => {
  const res = await server.request(path.startsWith('/api') ? path : `/api/finance/pix-api${path}`, {
    method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
    json: init.json,
    body: init.body,
    jar: who?.jar,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
};
const settingsInput = (o: Record<string, unknown> = {}) => ({ baseUrl: psp.baseUrl, clientId: psp.clientId, clientSecret: psp.clientSecret, pixKey: KEY, ...o });
const uploadCert = (who: Member, account: string, bytes: Uint8Array | string, password: string, name = 'banco.pfx') => {
  const form = new FormData();
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  form.set('password', password);
  return api<PixApiSettings>(`/accounts/${account}/certificate`, who, { body: form });
};
const receivable = (o: { amountCents?: number; dueDate?: string } = {}) =>
  seedEntry(server, companyId, { kind: 'receivable', description: 'Mensalidade de dezembro', amountCents: o.amountCents ?? 250_00, dueDate: o.dueDate ?? todayInBrazil() });
const charge = (entryId: string, who: Member = fin) => api<EntryCharge>(`/api/finance/pix/entries/${entryId}/charge`, who, { method: 'POST' });
const entryRow = async (id: string) => (await sql(server, `select status, paid_cents from fin_entries where id = $1`, [id]))[0] as { status: string; paid_cents: string };
const payments = async (id: string) => Number((await sql(server, `select count(*)::int as n from fin_payments where entry_id = $1`, [id]))[0]!.n);
const webhookPath = async () => {
  const url = psp.webhooks.get(KEY)!;
  return `${new URL(url).pathname}/pix`;
};

beforeAll(async () => {
  psp = await startFakePixPsp();
  // 3 s: the fake PSP answers from this test's own process, which shares two cores with three other files in CI.
  server = await startTestServer({ ...psp.env, PIX_API_TIMEOUT_MS: '3000' }, { clock });
  const a = await createCompanyWithAdmin(server, 'Estúdio Pix Ltda');
  companyId = a.companyId;
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  const other = await createCompanyWithAdmin(server, 'Outra Empresa');
  outsider = other.admin;
  otherCompanyId = other.companyId;
  accountId = await seedAccount(server, companyId, { name: 'Banco Teste', bankCode: '077' });
  await sql(server, `insert into fin_pix_keys (company_id, account_id, type, key, is_default) values ($1, $2, 'email', $3, true)`, [companyId, accountId, KEY]);
  // The bank's client certificate: valid for 20 more days (inside the expiry alert's window).
  cert = makeA1({ name: 'CLIENTE API PIX', password: 'senha-do-banco', notAfter: new Date(clock.now() + 20 * DAY) });
  psp.trust(cert.certificatePem);
  psp.deliverTo(server.url);
});
afterAll(async () => {
  await server?.stop();
  await psp?.close();
});

describe('API Pix settings of an account', () => {
  it('refuses internal addresses, a key of another account, a missing secret and a bad percent', async () => {
    const put = (o: Record<string, unknown>) => api(`/accounts/${accountId}`, fin, { method: 'PUT', json: settingsInput(o) });
    const internal = await put({ baseUrl: 'https://10.0.0.7/api/v2' });
    expect([internal.status, internal.body.error]).toEqual([400, M.privateUrl]);
    expect((await put({ baseUrl: 'http://169.254.169.254/latest' })).body.error).toBe(M.privateUrl);
    expect((await put({ tokenUrl: 'https://[::ffff:10.0.0.1]/oauth' })).body.error).toBe(M.privateUrl);
    expect((await put({ baseUrl: 'ftp://banco' })).body.error).toBe(M.baseUrl);
    const other = await put({ pixKey: 'outra@empresa.com.br' });
    expect([other.status, other.body.error]).toEqual([400, M.keyNotOfAccount]);
    expect((await put({ clientSecret: '' })).body.error).toBe(M.clientSecret);
    expect((await put({ finePercent: 101 })).body.error).toBe(M.percent);
    expect((await api(`/accounts/${accountId}`, fin)).body).toEqual({ settings: null });
  });

  it('saves, then takes the certificate (PFX or PEM), shows its expiry and registers the webhook at the PSP', async () => {
    const saved = await api<PixApiSettings>(`/accounts/${accountId}`, fin, { method: 'PUT', json: settingsInput({ finePercent: 2, interestPercent: 1 }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ baseUrl: psp.baseUrl, clientId: psp.clientId, hasClientSecret: true, certificate: null, webhook: { registeredAt: null }, finePercent: 2, interestPercent: 1 });
    expect(JSON.stringify(saved.body)).not.toContain(psp.clientSecret);

    const wrong = await uploadCert(fin, accountId, cert.pfx, 'errada');
    expect([wrong.status, wrong.body.error]).toEqual([400, M.certWrongPassword]);
    const expired = makeA1({ password: 'x', notBefore: new Date(clock.now() - 400 * DAY), notAfter: new Date(clock.now() - DAY) });
    const old = await uploadCert(fin, accountId, expired.pfx, 'x');
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('CERTIFICATE_EXPIRED');
    expect(old.body.error).toMatch(/^Este certificado venceu em \d{2}\/\d{2}\/\d{4}\./);
    expect((await uploadCert(fin, accountId, 'isto não é um certificado', 'x', 'a.pem')).body.error).toBe(M.certUnreadable);
    expect((await uploadCert(fin, accountId, cert.certificatePem, '', 'so-o-cert.pem')).body.error).toBe(M.certNoKey);

    // PEM (certificate + key) is kept as a PFX: the same certificate then opens the mTLS.
    const pem = await uploadCert(fin, accountId, `${cert.certificatePem}\n${cert.privateKeyPem}`, '', 'banco.pem');
    expect(pem.status, JSON.stringify(pem.body)).toBe(200);
    expect(pem.body.certificate).toMatchObject({ subject: expect.stringContaining('CLIENTE API PIX'), daysLeft: 19 });
    expect(pem.body.webhook.error).toBeNull();
    expect(pem.body.webhook.registeredAt).not.toBeNull();
    // The PFX too.
    const pfx = await uploadCert(fin, accountId, cert.pfx, cert.password);
    expect(pfx.status).toBe(200);
    expect(psp.webhooks.get(KEY)).toMatch(/^http:\/\/[^/]+\/api\/public\/pix-api\/webhook\/[A-Za-z0-9_-]{43}$/);
    const stored = (await sql(server, `select client_secret_encrypted, cert_pfx_encrypted, webhook_secret_encrypted from fin_pix_api_settings where account_id = $1`, [accountId]))[0]!;
    expect(String(stored.client_secret_encrypted)).toMatch(/^v1\./);
    expect(String(stored.client_secret_encrypted)).not.toContain(psp.clientSecret);
    expect(String(stored.cert_pfx_encrypted)).toMatch(/^v1\./);
  });

  it('alerts once, like the A1, when the certificate is 30 days from expiry', async () => {
    expect(await sendPixApiCertificateAlerts(server.services)).toBe(1);
    expect(await sendPixApiCertificateAlerts(server.services)).toBe(0);
    const notes = await sql(server, `select title from notifications where company_id = $1 and user_id = $2 and title like 'O certificado da API Pix%'`, [companyId, fin.userId]);
    expect(notes.map((n) => n.title)).toEqual([expect.stringMatching(/^O certificado da API Pix \(Banco Teste\) vence em \d{2}\/\d{2}\/\d{4}$/)]);
  });
});

describe('dynamic charges and their settlement', () => {
  it('a receivable due now is a cob: the PSP’s copia e cola on the receivable and the payment page; the webhook settles it once', async () => {
    const tokens = psp.tokensIssued;
    const entryId = await receivable();
    const made = await charge(entryId);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const c = made.body.charge!;
    expect(c.method).toBe('pix_cob');
    expect(c.txid).toMatch(/^[A-Za-z0-9]{32}$/);
    const cob = psp.cobs.get(c.txid)!;
    expect(cob.kind).toBe('cob');
    expect(cob.body).toMatchObject({ calendario: { expiracao: 7 * 86_400 }, valor: { original: '250.00' }, chave: KEY, solicitacaoPagador: 'Mensalidade de dezembro' });
    expect(c.brCode).toBe(cob.answer.pixCopiaECola);
    expect(c.qrSvg).toMatch(/^<svg/);
    // The same charge again while nothing changed: no second cob.
    expect((await charge(entryId)).body.charge!.txid).toBe(c.txid);
    const link = await api<{ url: string }>(`/api/finance/pix/entries/${entryId}/link`, fin, { method: 'POST' });
    const page = await api<PublicPayment>(`/api/public/payments/${link.body.url.split('/pagar/')[1]}`, null);
    expect(page.body.brCode).toBe(cob.answer.pixCopiaECola);

    const paid = await psp.pay(c.txid, { payerName: 'Maria Pagadora' });
    expect(paid.webhookStatus).toBe(200);
    expect(await entryRow(entryId)).toMatchObject({ status: 'paid' });
    const after = (await api<EntryCharge>(`/api/finance/pix/entries/${entryId}/charge`, fin)).body.charge!;
    expect(after).toMatchObject({ status: 'paid', payerName: 'Maria Pagadora', endToEndId: paid.pix.endToEndId, paidCents: 250_00 });
    // The PSP repeats the notification: settled once.
    expect(await psp.notify(KEY, [paid.pix])).toBe(200);
    expect(await payments(entryId)).toBe(1);
    const note = await sql(server, `select body from notifications where company_id = $1 and user_id = $2 and entity_id = $3`, [companyId, fin.userId, entryId]);
    expect(note.map((n) => n.body)).toEqual([expect.stringContaining('pago por Maria Pagadora')]);
    // The token the webhook's registration asked for is reused until it expires.
    expect(psp.tokensIssued).toBe(tokens);
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('a receivable due later of a customer with CNPJ is a cobv with the due date, fine and interest', async () => {
    const [org] = await sql(server, `insert into organizations (company_id, razao_social, cnpj) values ($1, 'Cliente Devedor Ltda', '11222333000181') returning id`, [companyId]);
    const dueDate = addDays(todayInBrazil(new Date(clock.now())), 10);
    const entryId = await receivable({ amountCents: 1000_00, dueDate });
    await sql(server, `update fin_entries set organization_id = $1 where id = $2`, [org!.id, entryId]);
    const made = await charge(entryId);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.charge!.method).toBe('pix_cobv');
    expect(psp.cobs.get(made.body.charge!.txid)!.body).toMatchObject({
      calendario: { dataDeVencimento: dueDate, validadeAposVencimento: 30 },
      devedor: { cnpj: '11222333000181', nome: 'Cliente Devedor Ltda' },
      valor: { original: '1000.00', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 3, valorPerc: '1.00' } },
    });
    // A changed amount makes a new charge and withdraws the old one at the PSP.
    await sql(server, `update fin_entries set amount_cents = 900_00 where id = $1`, [entryId]);
    const again = await charge(entryId);
    expect(again.body.charge!.txid).not.toBe(made.body.charge!.txid);
    expect(psp.cobs.get(made.body.charge!.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('the reconciliation settles what the webhook missed, once', async () => {
    const entryId = await receivable({ amountCents: 75_50 });
    const c = (await charge(entryId)).body.charge!;
    await psp.pay(c.txid, { notify: false, payerName: 'João Sem Webhook' });
    expect((await entryRow(entryId)).status).toBe('open');
    clock.advance(Date.now() + 1000 - clock.now()); // the schedule's "now" is past the payment
    expect(await reconcilePixApi(server.services, { companyId })).toBe(1);
    expect(await entryRow(entryId)).toMatchObject({ status: 'paid' });
    expect(await reconcilePixApi(server.services, { companyId })).toBe(0);
    expect(await payments(entryId)).toBe(1);
    const row = (await sql(server, `select payer_name from fin_charges where txid = $1`, [c.txid]))[0]!;
    expect(row.payer_name).toBe('João Sem Webhook');
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('refuses a wrong secret and a bad body; ignores another company’s txid, zero and an already paid receivable', async () => {
    const path = await webhookPath();
    const post = (p: string, body: unknown) => server.request(p, { method: 'POST', json: body });
    const forged = await post(path.replace(/webhook\/[^/]+/, `webhook/${'A'.repeat(43)}`), { pix: [] });
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as { error: string }).error).toBe(M.webhookNotFound);
    expect((await post('/api/public/pix-api/webhook/curto/pix', { pix: [] })).status).toBe(404);
    const bad = await post(path, { pix: [{ txid: 'x' }] });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, M.webhookBody]);

    // Another company's charge with a txid: this account's webhook never settles it.
    const [theirAccount] = await sql(server, `insert into fin_accounts (company_id, name, opening_date) values ($1, 'Banco deles', '2020-01-01') returning id`, [otherCompanyId]);
    const [theirEntry] = await sql(server, `insert into fin_entries (company_id, kind, description, amount_cents, due_date, competence_date) values ($1, 'receivable', 'Deles', 10000, now()::date, now()::date) returning id`, [otherCompanyId]);
    const txid = 'OutraEmpresa0000000000000000000001';
    await sql(server, `insert into fin_charges (company_id, entry_id, method, provider, account_id, amount_cents, txid) values ($1, $2, 'pix_cob', 'pix_api', $3, 10000, $4)`, [otherCompanyId, theirEntry!.id, theirAccount!.id, txid]);
    const pix = (o: Record<string, unknown>) => ({ endToEndId: `E${Math.random().toString(36).slice(2).padEnd(31, '0')}`.slice(0, 32), valor: '100.00', horario: new Date().toISOString(), ...o });
    const foreign = await post(path, { pix: [pix({ txid })] });
    expect([foreign.status, await foreign.json()]).toEqual([200, { received: 1, settled: 0 }]);
    expect((await sql(server, `select status from fin_charges where txid = $1`, [txid]))[0]!.status).toBe('open');

    // Zero, and a receivable settled by hand meanwhile: kept out, the PSP gets its 200.
    const zeroEntry = await receivable({ amountCents: 10_00 });
    const zero = (await charge(zeroEntry)).body.charge!;
    expect(await (await post(path, { pix: [pix({ txid: zero.txid, valor: '0.00' })] })).json()).toEqual({ received: 1, settled: 0 });
    expect((await entryRow(zeroEntry)).status).toBe('open');
    await sql(server, `update fin_entries set status = 'paid', paid_cents = amount_cents where id = $1`, [zeroEntry]);
    const late = await post(path, { pix: [pix({ txid: zero.txid, valor: '10.00' })] });
    expect(await late.json()).toEqual({ received: 1, settled: 0 });
    expect(await payments(zeroEntry)).toBe(0);
    // Charging a receivable already paid: 409, nothing asked of the PSP.
    const cobs = psp.cobs.size;
    const paidCharge = await charge(zeroEntry);
    expect([paidCharge.status, paidCharge.body.error]).toEqual([409, 'Esta conta a receber já foi recebida.']);
    expect(psp.cobs.size).toBe(cobs);
  });

  it('a PSP that refuses OAuth or does not answer: a Portuguese message, nothing charged', async () => {
    psp.set({ refuseOAuth: true });
    // Saving again is a new version of the settings (a new token is asked): the refusal is shown.
    const saved = await api<PixApiSettings>(`/accounts/${accountId}`, fin, { method: 'PUT', json: settingsInput({ clientSecret: null }) });
    expect(saved.status).toBe(200);
    expect(saved.body.webhook).toEqual({ registeredAt: null, error: M.oauthRefused });
    const entryId = await receivable({ amountCents: 33_00 });
    const refused = await charge(entryId);
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([409, 'PIX_API_OAUTH_REFUSED', M.oauthRefused]);
    expect((await sql(server, `select count(*)::int as n from fin_charges where entry_id = $1`, [entryId]))[0]!.n).toBe(0);

    psp.set({ refuseOAuth: false, delayMs: 5000 });
    await api(`/accounts/${accountId}`, fin, { method: 'PUT', json: settingsInput({ clientSecret: null }) });
    const slow = await charge(entryId);
    expect([slow.status, slow.body.code, slow.body.error]).toEqual([409, 'PIX_API_TIMEOUT', M.timeout]);
    psp.set({ delayMs: 0 });
    const ok = await api<PixApiSettings>(`/accounts/${accountId}`, fin, { method: 'PUT', json: settingsInput({ clientSecret: null }) });
    expect(ok.body.webhook.error).toBeNull();
    expect((await charge(entryId)).status).toBe(200);
  });
});

describe('refunds (decision 0600)', () => {
  const paidReceivable = async (amountCents = 250_00) => {
    const entryId = await receivable({ amountCents });
    const c = (await charge(entryId)).body.charge!;
    const paid = await psp.pay(c.txid);
    expect(paid.webhookStatus).toBe(200);
    return { entryId, e2e: paid.pix.endToEndId };
  };
  const refund = (entryId: string, json: Record<string, unknown>, who: Member = fin) => api<Refund>(`/entries/${entryId}/refunds`, who, { json });
  const list = (entryId: string) => api<EntryRefunds>(`/entries/${entryId}/refunds`, fin);
  const payables = async (entryId: string) =>
    (await sql(server, `select r.payable_entry_id, e.kind, e.status, e.amount_cents from fin_charge_refunds r join fin_entries e on e.id = r.payable_entry_id where r.entry_id = $1`, [entryId])) as { kind: string; status: string; amount_cents: string }[];

  it('a full refund through the PSP: DEVOLVIDO, a paid payable in Financeiro, nothing more to refund', async () => {
    const { entryId, e2e } = await paidReceivable();
    const out = await refund(entryId, { refundId: 'dev1', amountCents: 250_00, reason: 'Serviço cancelado' });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ status: 'done', amountCents: 250_00, reason: 'Serviço cancelado' });
    expect(psp.refunds.refunds.get(`${e2e}/dev1`)).toMatchObject({ valor: '250.00', natureza: 'ORIGINAL', descricao: 'Serviço cancelado' });
    expect(await payables(entryId)).toEqual([expect.objectContaining({ kind: 'payable', status: 'paid', amount_cents: '25000' })]);
    expect((await list(entryId)).body).toMatchObject({ refundableCents: 0, blockedReason: null, refunds: [{ status: 'done' }] });
    const over = await refund(entryId, { refundId: 'dev2', amountCents: 1, reason: 'De novo' });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(R.overRefund);
    const log = await sql(server, `select action from activity_log where company_id = $1 and details->>'id' = $2 and action like 'charge_refund%' order by created_at`, [companyId, entryId]);
    expect(log.map((l) => l.action)).toEqual(['charge_refund_requested', 'charge_refunded']);
  });

  it('a partial refund in processing is followed up to DEVOLVIDO; over-refund 400; the same id twice and concurrent requests refund once', async () => {
    const { entryId } = await paidReceivable(100_00);
    psp.refunds.mode = 'EM_PROCESSAMENTO';
    try {
      const calls = psp.refunds.calls;
      const [a, b] = await Promise.all([refund(entryId, { refundId: 'parcial1', amountCents: 40_00, reason: 'Desconto' }), refund(entryId, { refundId: 'parcial1', amountCents: 40_00, reason: 'Desconto' })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.id).toBe(b.body.id);
      expect(psp.refunds.calls).toBe(calls + 1);
      expect((await list(entryId)).body).toMatchObject({ refundableCents: 60_00, refunds: [{ status: 'pending' }] });
      const over = await refund(entryId, { refundId: 'parcial2', amountCents: 60_01, reason: 'Demais' });
      expect(over.status).toBe(400);
      // Two different refunds at once for the rest: one passes, the other is over what remains.
      const both = await Promise.all([refund(entryId, { refundId: 'corrida1', amountCents: 60_00, reason: 'Resto' }), refund(entryId, { refundId: 'corrida2', amountCents: 60_00, reason: 'Resto' })]);
      expect(both.map((x) => x.status).sort()).toEqual([200, 400]);
      psp.refunds.finish('parcial1');
      const after = (await list(entryId)).body;
      expect(after.refunds.find((r) => r.refundId === 'parcial1')).toMatchObject({ status: 'done' });
      expect(await payables(entryId)).toEqual([expect.objectContaining({ amount_cents: '4000' })]);
    } finally {
      psp.refunds.mode = 'DEVOLVIDO';
    }
  });

  it('refuses an unpaid receivable, explains a static Pix, and keeps a refused refund as not made', async () => {
    const open = await receivable();
    expect((await refund(open, { refundId: 'x1', amountCents: 1_00, reason: 'Teste' })).body.error).toBe(R.notPaid);
    const bad = await refund(open, { refundId: 'não-vale', amountCents: 0, reason: '' });
    expect(bad.status).toBe(400);
    const staticPaid = await receivable();
    await sql(server, `insert into fin_charges (company_id, entry_id, method, provider, account_id, amount_cents, txid, status, paid_cents, paid_at) values ($1, $2, 'pix_static', 'pix_static', $3, 25000, 'ESTATICO123', 'paid', 25000, now())`, [companyId, staticPaid, accountId]);
    expect((await list(staticPaid)).body).toMatchObject({ refundableCents: 0, blockedReason: R.staticPix });
    const st = await refund(staticPaid, { refundId: 'x2', amountCents: 1_00, reason: 'Teste' });
    expect(st.status).toBe(409);
    expect(st.body.error).toBe(R.staticPix);
    const { entryId } = await paidReceivable();
    psp.refunds.mode = 'NAO_REALIZADO';
    try {
      expect((await refund(entryId, { refundId: 'falha1', amountCents: 10_00, reason: 'Teste' })).body).toMatchObject({ status: 'failed', error: 'Conta do pagador encerrada.' });
    } finally {
      psp.refunds.mode = 'DEVOLVIDO';
    }
    // A refund not made does not hold the amount back.
    expect((await list(entryId)).body.refundableCents).toBe(250_00);
  });

  it('another company gets 404 and a member without finance 403 on the refund endpoints', async () => {
    const { entryId } = await paidReceivable();
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: [companyId, 'Mensalidade'] }, [
      { method: 'GET', path: `/api/finance/pix-api/entries/${entryId}/refunds` },
      { method: 'POST', path: `/api/finance/pix-api/entries/${entryId}/refunds`, body: { refundId: 'iso1', amountCents: 1_00, reason: 'Isolamento' } },
    ]);
  });
});

describe('isolation', () => {
  it('another company gets 404 and a member without finance 403 on every endpoint', async () => {
    const form = () => {
      const f = new FormData();
      f.set('file', new File([new Uint8Array(cert.pfx)], 'banco.pfx'));
      f.set('password', cert.password);
      return f;
    };
    // The multipart upload by hand (the helper sends JSON): outsider 404, member without finance 403.
    expect((await api(`/accounts/${accountId}/certificate`, outsider, { body: form() })).status).toBe(404);
    expect((await api(`/accounts/${accountId}/certificate`, vendas, { body: form() })).status).toBe(403);
    expect((await api(`/accounts/${accountId}/certificate`, null, { body: form() })).status).toBe(401);
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: [companyId, 'Banco Teste', psp.clientId] }, [
      { method: 'GET', path: `/api/finance/pix-api/accounts/${accountId}` },
      { method: 'PUT', path: `/api/finance/pix-api/accounts/${accountId}`, body: settingsInput({ clientSecret: null }) },
      { method: 'POST', path: `/api/finance/pix-api/accounts/${accountId}/certificate`, ownerStatus: 400 },
      { method: 'DELETE', path: `/api/finance/pix-api/accounts/${accountId}` },
    ]);
    expect((await api(`/accounts/${accountId}`, fin)).body).toEqual({ settings: null });
  });
});
