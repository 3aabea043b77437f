import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '@sede/shared/finance/pix';
import { PIX_AUTOMATIC_MESSAGES as M, type PixAutomatic } from '@sede/shared/finance/pix-automatic';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { issueDueCobrs, reconcileAutomatic } from '../../src/modules/finance-pix-api/automatic-collect.ts';
import { type FakePixPsp, startFakePixPsp } from '../support/fake-pix-psp.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { makeA1 } from '../support/test-certificates.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { seedAccount } from './support.ts';

let psp: FakePixPsp;
let server: TestServer;
let companyId: string;
let fin: Member;
let vendas: Member;
let outsider: Member;
let accountId: string;
let personId: string;
const KEY = 'financeiro@assinaturas.com.br';
const CPF = '52998224725';
const PAYER = { ispb: '18236120', agency: '0001', account: '1234567-8' };

type Answer<T> = { status: number; body: T & { error?: string; code?: string } };
const api = async <T = unknown>(path: string, who: Member | null, init: { method?: string; json?: unknown } = {}): Promise<Answer<T>> => {
  const res = await server.request(path.startsWith('/api') ? path : `/api/finance/pix-api${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
};
const today = () => todayInBrazil();
/** A monthly series of `n` receivables, the first due in `inDays`, of the customer with CPF (unless `customer: false`). */
async function series(o: { inDays?: number; n?: number; amountCents?: number; customer?: boolean; recurrence?: 'monthly' | 'yearly' } = {}) {
  const res = await api<{ entries: { id: string; dueDate: string }[] }>('/api/finance/entries', fin, {
    json: {
      kind: 'receivable',
      description: 'Assinatura do plano Pro',
      amountCents: o.amountCents ?? 199_90,
      dueDate: addDays(today(), o.inDays ?? 5),
      recurrence: o.recurrence ?? 'monthly',
      occurrences: o.n ?? 3,
      ...(o.customer === false ? {} : { personId }),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entries;
}
const automatic = (entryId: string, who: Member = fin) => api<PixAutomatic>(`/entries/${entryId}/automatic`, who);
const request = (entryId: string, who: Member = fin, body: unknown = PAYER) => api<PixAutomatic>(`/entries/${entryId}/automatic`, who, { json: body });
const entryStatus = async (id: string) => (await sql(server, `select status, paid_cents from fin_entries where id = $1`, [id]))[0] as { status: string; paid_cents: string };
const payments = async (id: string) => Number((await sql(server, `select count(*)::int as n from fin_payments where entry_id = $1`, [id]))[0]!.n);

beforeAll(async () => {
  psp = await startFakePixPsp();
  server = await startTestServer({ ...psp.env, PIX_API_TIMEOUT_MS: '3000' });
  const a = await createCompanyWithAdmin(server, 'Assinaturas Pro Ltda');
  companyId = a.companyId;
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  accountId = await seedAccount(server, companyId, { name: 'Banco Teste', bankCode: '077', accountNumber: '98765-4' });
  await sql(server, `update fin_accounts set agency = '0001' where id = $1`, [accountId]);
  await sql(server, `insert into fin_pix_keys (company_id, account_id, type, key, is_default) values ($1, $2, 'email', $3, true)`, [companyId, accountId, KEY]);
  const [person] = await sql(server, `insert into people (company_id, name, cpf) values ($1, 'Maria Assinante', $2) returning id`, [companyId, CPF]);
  personId = person!.id as string;
  const cert = makeA1({ name: 'CLIENTE API PIX', password: 'senha' });
  psp.trust(cert.certificatePem);
  psp.deliverTo(server.url);
  const saved = await api(`/accounts/${accountId}`, fin, { method: 'PUT', json: { baseUrl: psp.baseUrl, clientId: psp.clientId, clientSecret: psp.clientSecret, pixKey: KEY } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const form = new FormData();
  form.set('file', new File([new Uint8Array(cert.pfx)], 'banco.pfx'));
  form.set('password', cert.password);
  const up = await server.request(`/api/finance/pix-api/accounts/${accountId}/certificate`, { method: 'POST', body: form, jar: fin.jar });
  expect(up.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await psp?.close();
});

describe('Pix Automático: the recurrence and the payer’s authorisation', () => {
  it('explains what is missing: a one-off receivable, a customer without CPF/CNPJ, a bad bank account', async () => {
    const [single] = (await api<{ entries: { id: string }[] }>('/api/finance/entries', fin, { json: { kind: 'receivable', description: 'Avulso', amountCents: 10_00, dueDate: addDays(today(), 5), personId } })).body.entries;
    expect((await automatic(single!.id)).body).toEqual({ recurrence: null, blocked: M.notRecurring });
    const refused = await request(single!.id);
    expect([refused.status, refused.body.error]).toEqual([409, M.notRecurring]);
    const [anonymous] = await series({ customer: false });
    expect((await automatic(anonymous!.id)).body.blocked).toBe(M.noDebtor);
    const [ok] = await series();
    expect((await automatic(ok!.id)).body).toEqual({ recurrence: null, blocked: null });
    const bad = await request(ok!.id, fin, { ispb: '123', account: 'abc' });
    expect([bad.status, bad.body.error]).toEqual([400, M.ispb]);
    expect((await request(ok!.id, fin, { ...PAYER, account: 'conta' })).body.error).toBe(M.account);
    expect(psp.automatic.recs.size).toBe(0);
  });

  it('asks the PSP for the recurrence and the request; approval by the rec webhook charges the due occurrence; the cobr webhook settles it once', async () => {
    const entries = await series({ inDays: 5, n: 3 });
    const made = await request(entries[1]!.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rec = made.body.recurrence!;
    expect(rec).toMatchObject({ status: 'CRIADA', solicStatus: 'CRIADA', periodicity: 'MENSAL', amountCents: 199_90, startDate: entries[0]!.dueDate, endDate: entries[2]!.dueDate, debtorName: 'Maria Assinante', debtorDocument: '***.***.247-25', charges: [] });
    const atPsp = psp.automatic.recs.get(rec.idRec)!;
    expect(atPsp.body).toMatchObject({ vinculo: { devedor: { cpf: CPF, nome: 'Maria Assinante' }, objeto: 'Assinatura do plano Pro' }, calendario: { periodicidade: 'MENSAL', dataInicial: entries[0]!.dueDate }, valor: { valorRec: '199.90' } });
    const solic = [...psp.automatic.solics.values()].find((x) => x.idRec === rec.idRec)!;
    expect(solic.body.destinatario).toEqual({ cpf: CPF, ispbParticipante: '18236120', agencia: '0001', conta: '12345678' });
    expect(psp.automatic.hooks.rec).toMatch(/\/api\/public\/pix-api\/webhook\/[A-Za-z0-9_-]{43}$/);
    // A second request while one awaits the payer: 409.
    expect((await request(entries[0]!.id)).body.error).toBe(M.alreadyLive);

    // The payer approves: the webhook (twice) approves once and charges the occurrence due in 5 days.
    expect(await psp.automatic.approve(rec.idRec)).toBe(200);
    expect(await psp.automatic.notifyRec(atPsp)).toBe(200);
    const approved = (await automatic(entries[2]!.id)).body.recurrence!;
    expect(approved.status).toBe('APROVADA');
    expect(approved.charges).toEqual([{ entryId: entries[0]!.id, dueDate: entries[0]!.dueDate, amountCents: 199_90, status: 'open', paidAt: null }]);
    expect(psp.automatic.cobrs.size).toBe(1);
    const cobr = [...psp.automatic.cobrs.values()][0]!;
    expect(cobr.body).toMatchObject({ idRec: rec.idRec, calendario: { dataDeVencimento: entries[0]!.dueDate }, valor: { original: '199.90' }, ajusteDiaUtil: true, recebedor: { conta: '987654', agencia: '0001', tipoConta: 'CORRENTE' } });
    // The schedule again: the occurrence already has its cobrança.
    expect(await issueDueCobrs(server.services)).toBe(0);

    const paid = await psp.automatic.payCobr(cobr.txid);
    expect(paid.webhookStatus).toBe(200);
    expect(await psp.automatic.notifyCobr(cobr)).toBe(200);
    expect(await entryStatus(entries[0]!.id)).toEqual({ status: 'paid', paid_cents: '19990' });
    expect(await payments(entries[0]!.id)).toBe(1);
    // The GET /pix reconcile and the cobr reconcile see the same Pix: nothing more.
    expect((await reconcileAutomatic(server.services, { companyId })).settled).toBe(0);
    expect(await payments(entries[0]!.id)).toBe(1);
    const after = (await automatic(entries[0]!.id)).body.recurrence!;
    expect(after.charges[0]).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    const charge = (await sql(server, `select method, payer_name, end_to_end_id from fin_charges where txid = $1`, [cobr.txid]))[0]!;
    expect(charge).toMatchObject({ method: 'pix_cobr', end_to_end_id: paid.pix.endToEndId });
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('reconciles what the webhooks missed: the approval read by GET /rec, the payment by GET /cobr', async () => {
    const entries = await series({ inDays: 3, n: 2, amountCents: 50_00 });
    const rec = (await request(entries[0]!.id)).body.recurrence!;
    await psp.automatic.approve(rec.idRec, { notify: false });
    expect((await automatic(entries[0]!.id)).body.recurrence!.status).toBe('CRIADA');
    const first = await reconcileAutomatic(server.services, { companyId });
    expect(first.issued).toBeGreaterThanOrEqual(1);
    expect((await automatic(entries[0]!.id)).body.recurrence!.status).toBe('APROVADA');
    const cobr = [...psp.automatic.cobrs.values()].find((c) => c.idRec === rec.idRec)!;
    await psp.automatic.payCobr(cobr.txid, { notify: false });
    expect((await reconcileAutomatic(server.services, { companyId })).settled).toBe(1);
    expect(await entryStatus(entries[0]!.id)).toEqual({ status: 'paid', paid_cents: '5000' });
    expect((await reconcileAutomatic(server.services, { companyId })).settled).toBe(0);
    expect(await payments(entries[0]!.id)).toBe(1);
  });

  it('a rejection is shown with the PSP’s reason and allows a new request; cancelling ends the recurrence and its open cobranças', async () => {
    const entries = await series({ inDays: 4, n: 2, recurrence: 'yearly' });
    const rec = (await request(entries[0]!.id)).body.recurrence!;
    expect(rec.periodicity).toBe('ANUAL');
    await psp.automatic.reject(rec.idRec);
    const rejected = (await automatic(entries[0]!.id)).body;
    expect(rejected.recurrence).toMatchObject({ status: 'REJEITADA', reason: 'AP13 — Recusada pelo usuário pagador.' });
    expect(rejected.blocked).toBeNull();
    // A late approval of the rejected one changes nothing (statuses only move forward).
    await psp.automatic.approve(rec.idRec);
    expect((await automatic(entries[0]!.id)).body.recurrence!.status).toBe('REJEITADA');

    const again = (await request(entries[0]!.id)).body.recurrence!;
    expect(again.idRec).not.toBe(rec.idRec);
    await psp.automatic.approve(again.idRec);
    expect((await automatic(entries[0]!.id)).body.recurrence!.charges).toHaveLength(1);
    const cancelled = await api<PixAutomatic>(`/entries/${entries[1]!.id}/automatic`, fin, { method: 'DELETE' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.recurrence).toMatchObject({ status: 'CANCELADA', charges: [{ status: 'cancelled' }] });
    expect(psp.automatic.recs.get(again.idRec)!.status).toBe('CANCELADA');
    expect([...psp.automatic.cobrs.values()].find((c) => c.idRec === again.idRec)!.status).toBe('CANCELADA');
    const twice = await api(`/entries/${entries[1]!.id}/automatic`, fin, { method: 'DELETE' });
    expect([twice.status, twice.body.error]).toEqual([409, M.notLive]);
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('a PSP refusal of the request is a Portuguese message; the recurrence is kept and the next try only asks again', async () => {
    const entries = await series({ inDays: 6, n: 2 });
    psp.automatic.refuseNext = 'Conta do usuário pagador inexistente.';
    const recs = psp.automatic.recs.size;
    const refused = await request(entries[0]!.id);
    expect([refused.status, refused.body.error]).toEqual([409, M.refused('Conta do usuário pagador inexistente.')]);
    const kept = (await automatic(entries[0]!.id)).body.recurrence!;
    expect(kept).toMatchObject({ status: 'CRIADA', solicStatus: null, reason: M.refused('Conta do usuário pagador inexistente.') });
    expect(psp.automatic.recs.size).toBe(recs + 1);
    const again = await request(entries[0]!.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.recurrence).toMatchObject({ idRec: kept.idRec, solicStatus: 'CRIADA', reason: null });
    expect(psp.automatic.recs.size).toBe(recs + 1);
  });

  it('refuses webhooks with a wrong secret or a bad body; ignores another company’s idRec', async () => {
    const url = psp.automatic.hooks.rec!;
    const path = new URL(url).pathname;
    const post = (p: string, body: unknown) => server.request(p, { method: 'POST', json: body });
    expect((await post(`${path}/rec`, { recs: 'x' })).status).toBe(400);
    expect((await post(`/api/public/pix-api/webhook/${'a'.repeat(43)}/rec`, { recs: [] })).status).toBe(404);
    expect((await post(`/api/public/pix-api/webhook/curto/cobr`, { cobsr: [] })).status).toBe(404);
    const unknown = await post(`${path}/rec`, { recs: [{ idRec: 'RN1234567820240115abcdefghijk', status: 'APROVADA', atualizacao: [] }] });
    expect(await unknown.json()).toEqual({ received: 1, updated: 0 });
    const cobr = await post(`${path}/cobr`, { cobsr: [{ idRec: 'RN1234567820240115abcdefghijk', txid: 'x'.repeat(32), status: 'CONCLUIDA', pix: [{ endToEndId: 'E1', txid: 'x'.repeat(32), valor: '10.00', horario: new Date().toISOString() }] }] });
    expect(await cobr.json()).toEqual({ received: 1, settled: 0 });
  });
});

describe('Pix Automático by QR Code (Jornada 2)', () => {
  const qr = (entryId: string, who: Member = fin) => api<PixAutomatic>(`/entries/${entryId}/automatic/qr`, who, { method: 'POST' });

  it('gives the recurrence a location and shows its QR; asked again, the same QR; the payer’s approval by the QR charges as usual', async () => {
    const entries = await series({ inDays: 4, n: 2, amountCents: 89_90 });
    const made = await qr(entries[0]!.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rec = made.body.recurrence!;
    const atPsp = psp.automatic.recs.get(rec.idRec)!;
    // The QR is the PSP's own copia e cola of the recurrence's location, drawn as an image here.
    expect(atPsp.loc).toBeDefined();
    expect(rec.qrCode).toContain(atPsp.loc!.location);
    expect(rec.qrCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(rec.qrSvg).toMatch(/^<svg/);
    expect(rec).toMatchObject({ status: 'CRIADA', solicStatus: null, amountCents: 89_90 });
    // No request sent to a bank account: the customer scans.
    expect([...psp.automatic.solics.values()].filter((x) => x.idRec === rec.idRec)).toEqual([]);
    // The payment link of any occurrence offers it to the payer beside the Pix of the occurrence.
    const link = await api<{ url: string }>(`/api/finance/pix/entries/${entries[1]!.id}/link`, fin, { method: 'POST' });
    const page = await api<PublicPayment>(`/api/public/payments/${link.body.url.split('/pagar/')[1]}`, null);
    expect(page.body.automatic).toEqual({ periodicity: 'MENSAL', amountCents: 89_90, endDate: entries[1]!.dueDate, brCode: rec.qrCode, qrSvg: rec.qrSvg });
    const again = await qr(entries[1]!.id);
    expect([again.body.recurrence!.idRec, again.body.recurrence!.qrCode]).toEqual([rec.idRec, rec.qrCode]);
    expect(psp.automatic.locs.size).toBe(1);
    // Scanned and approved: the QR is gone (nothing left to authorise) and the first occurrence is charged.
    expect(await psp.automatic.approve(rec.idRec)).toBe(200);
    const approved = (await automatic(entries[0]!.id)).body.recurrence!;
    expect(approved).toMatchObject({ status: 'APROVADA', qrCode: null, qrSvg: null });
    expect((await api<PublicPayment>(`/api/public/payments/${link.body.url.split('/pagar/')[1]}`, null)).body.automatic).toBeNull();
    expect(approved.charges).toHaveLength(1);
    // A live, approved recurrence: a new QR is a 409.
    expect((await qr(entries[0]!.id)).body.error).toBe(M.alreadyLive);
    const audit = await sql(server, `select details from activity_log where company_id = $1 and action = 'pix_automatic_requested' and details->>'idRec' = $2`, [companyId, rec.idRec]);
    expect(audit.map((a) => (a.details as { qr?: boolean }).qr)).toEqual([true]);
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('a request to the bank account first, then the QR: the same recurrence, once its request was refused', async () => {
    const entries = await series({ inDays: 6, n: 2 });
    psp.automatic.refuseNext = 'Conta do pagador inexistente.';
    const refused = await request(entries[0]!.id);
    expect(refused.status).toBe(409);
    const idRec = (await automatic(entries[0]!.id)).body.recurrence!.idRec;
    const made = await qr(entries[0]!.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.recurrence).toMatchObject({ idRec, reason: null, qrCode: expect.stringContaining('br.gov.bcb.pix') });
  });
});

describe('Pix Automático paying the first occurrence (Jornadas 3 and 4, decision 0756)', () => {
  const firstPaymentQr = (entryId: string, who: Member = fin) => api<PixAutomatic>(`/entries/${entryId}/automatic/qr-first-payment`, who, { method: 'POST' });
  const chargeOf = async (entryId: string) => (await sql(server, `select id, method, txid from fin_charges where entry_id = $1 and status = 'open' order by created_at desc limit 1`, [entryId]))[0] as { id: string; method: string; txid: string };

  it('Jornada 3: the first occurrence, due today, by a cob named in the recurrence; one QR pays it and authorises the rest', async () => {
    const entries = await series({ inDays: 0, n: 3, amountCents: 120_00 });
    const locsBefore = psp.automatic.locs.size;
    const made = await firstPaymentQr(entries[1]!.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rec = made.body.recurrence!;
    const cob = await chargeOf(entries[0]!.id);
    expect(cob.method).toBe('pix_cob');
    // The recurrence covers the occurrences after the first, and names the cob that pays the first.
    expect(rec).toMatchObject({ status: 'CRIADA', journey: 'JORNADA_3', startDate: entries[1]!.dueDate, endDate: entries[2]!.dueDate, amountCents: 120_00 });
    expect(rec.firstPayment).toEqual({ entryId: entries[0]!.id, dueDate: entries[0]!.dueDate, amountCents: 120_00, status: 'open', paidAt: null });
    const atPsp = psp.automatic.recs.get(rec.idRec)!;
    expect(atPsp.body).toMatchObject({ calendario: { dataInicial: entries[1]!.dueDate }, ativacao: { dadosJornada: { txid: cob.txid } } });
    expect(atPsp.loc).toBeDefined();
    // The QR is the PSP's QR Composto read with the cob's txid (the fake writes the cob's location in it).
    expect(rec.qrCode).toBe(psp.cobs.get(cob.txid)!.answer.pixCopiaECola);
    expect(rec.qrSvg).toMatch(/^<svg/);
    // Asked again: the same QR, no new location or charge.
    const again = await firstPaymentQr(entries[0]!.id);
    expect([again.body.recurrence!.idRec, again.body.recurrence!.qrCode]).toEqual([rec.idRec, rec.qrCode]);
    expect((await chargeOf(entries[0]!.id)).txid).toBe(cob.txid);
    expect(psp.automatic.locs.size).toBe(locsBefore + 1);
    // It pays the first occurrence only: not offered on another occurrence's payment page.
    const link = await api<{ url: string }>(`/api/finance/pix/entries/${entries[1]!.id}/link`, fin, { method: 'POST' });
    expect((await api<PublicPayment>(`/api/public/payments/${link.body.url.split('/pagar/')[1]}`, null)).body.automatic).toBeNull();

    // Scanned: the payer pays the cob and approves; the first occurrence is settled once, by the cob.
    expect((await psp.pay(cob.txid, { payerName: 'Maria Assinante' })).webhookStatus).toBe(200);
    expect(await psp.automatic.approve(rec.idRec)).toBe(200);
    expect(await entryStatus(entries[0]!.id)).toEqual({ status: 'paid', paid_cents: '12000' });
    const approved = (await automatic(entries[0]!.id)).body.recurrence!;
    expect(approved).toMatchObject({ status: 'APROVADA', journey: 'JORNADA_3', qrCode: null, firstPayment: { entryId: entries[0]!.id, status: 'paid' } });
    expect(approved.charges).toEqual([]);
    const audit = await sql(server, `select details from activity_log where company_id = $1 and action = 'pix_automatic_requested' and details->>'idRec' = $2`, [companyId, rec.idRec]);
    expect(audit.map((a) => (a.details as { journey?: string }).journey)).toEqual(['JORNADA_3']);
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('Jornada 4: a first occurrence due later is a cobv; after the approval it is never charged twice by a cobr', async () => {
    const entries = await series({ inDays: 3, n: 2, amountCents: 75_50 });
    const made = await firstPaymentQr(entries[0]!.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rec = made.body.recurrence!;
    const cobv = await chargeOf(entries[0]!.id);
    expect(cobv.method).toBe('pix_cobv');
    expect(rec).toMatchObject({ journey: 'JORNADA_4', startDate: entries[1]!.dueDate, firstPayment: { entryId: entries[0]!.id, status: 'open' } });
    // A cobv is not named in the recurrence (BCB: only a cob is).
    expect(psp.automatic.recs.get(rec.idRec)!.body.ativacao).toBeUndefined();
    expect(rec.qrCode).toBe(psp.cobs.get(cobv.txid)!.answer.pixCopiaECola);
    // Approved before the first is paid: the occurrence due in 3 days is inside BCB's cobr window, but
    // the recurrence starts after it — its cobv charges it, not a cobr.
    const cobrsBefore = psp.automatic.cobrs.size;
    expect(await psp.automatic.approve(rec.idRec)).toBe(200);
    expect(await issueDueCobrs(server.services)).toBe(0);
    expect(psp.automatic.cobrs.size).toBe(cobrsBefore);
    expect((await automatic(entries[0]!.id)).body.recurrence!.charges).toEqual([]);
    expect(JSON.stringify(psp.violations)).toBe('[]');
  });

  it('the QR first, then the recurrence’s own QR: the same recurrence starts again at the first occurrence', async () => {
    const entries = await series({ inDays: 0, n: 3 });
    const j3 = (await firstPaymentQr(entries[0]!.id)).body.recurrence!;
    const j2 = await api<PixAutomatic>(`/entries/${entries[0]!.id}/automatic/qr`, fin, { method: 'POST' });
    expect(j2.status, JSON.stringify(j2.body)).toBe(200);
    // Jornada 2 covers what the PSP can still charge by cobr: the second occurrence onwards here too, as the first is due today.
    expect(j2.body.recurrence).toMatchObject({ idRec: j3.idRec, journey: 'JORNADA_2', firstPayment: null });
    expect(j2.body.recurrence!.qrCode).not.toBe(j3.qrCode);
    expect(j2.body.recurrence!.qrCode).toContain(psp.automatic.recs.get(j3.idRec)!.loc!.location);
  });

  it('refuses a series with nothing after the first occurrence, and a one-off receivable', async () => {
    const entries = await series({ inDays: 3, n: 2 });
    await sql(server, `update fin_entries set status = 'paid', paid_cents = amount_cents where id = $1`, [entries[1]!.id]);
    const cobsBefore = psp.cobs.size;
    const refused = await firstPaymentQr(entries[0]!.id);
    expect([refused.status, refused.body.error]).toEqual([409, M.noLaterOccurrence]);
    // Refused before anything was charged at the PSP.
    expect(psp.cobs.size).toBe(cobsBefore);
    const [single] = (await api<{ entries: { id: string }[] }>('/api/finance/entries', fin, { json: { kind: 'receivable', description: 'Avulso', amountCents: 10_00, dueDate: addDays(today(), 5), personId } })).body.entries;
    expect((await firstPaymentQr(single!.id)).body.error).toBe(M.notRecurring);
  });
});

describe('isolation', () => {
  it('another company gets 404 and a member without finance 403 on every endpoint', async () => {
    const [entry] = await series();
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: [companyId, 'Maria Assinante', CPF] }, [
      { method: 'GET', path: `/api/finance/pix-api/entries/${entry!.id}/automatic` },
      { method: 'POST', path: `/api/finance/pix-api/entries/${entry!.id}/automatic`, body: PAYER },
      { method: 'POST', path: `/api/finance/pix-api/entries/${entry!.id}/automatic/qr`, ownerStatus: 409 },
      { method: 'POST', path: `/api/finance/pix-api/entries/${entry!.id}/automatic/qr-first-payment`, ownerStatus: 409 },
      { method: 'POST', path: `/api/finance/pix-api/entries/${entry!.id}/automatic/refresh`, ownerStatus: 200 },
      { method: 'DELETE', path: `/api/finance/pix-api/entries/${entry!.id}/automatic` },
    ]);
  });
});
