import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePix } from 'pix-utils';
import type { EntryCharge, PaymentLinkCreated, PixKey, PublicPayment } from '@sede/shared/finance/pix';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { settleCharge } from '../../src/modules/finance-pix/public.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { latestMail, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';
import { seedAccount, seedEntry } from './support.ts';

let server: TestServer;
let companyId: string;
let fin: Member;
let vendas: Member;
let outsider: Member;
let accountId: string;

const api = async <T = unknown>(path: string, who: Member | null, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(path.startsWith('/api') ? path : `/api/finance/pix${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
};
const due = addDays(todayInBrazil(), 5);
const receivable = (o: { amountCents?: number; description?: string; status?: string; paidCents?: number; kind?: 'payable' | 'receivable' } = {}) =>
  seedEntry(server, companyId, { kind: o.kind ?? 'receivable', description: o.description ?? 'Consultoria de dezembro', amountCents: o.amountCents ?? 1234_56, dueDate: due, status: o.status, paidCents: o.paidCents });
const tokenOf = (url: string) => url.split('/pagar/')[1]!;
/** Each block below charges with one default key of its own (the keys block leaves what it tested). */
const withEmailKey = () =>
  beforeAll(async () => {
    await sql(server, `delete from fin_pix_keys where company_id = $1`, [companyId]);
    await sql(server, `insert into fin_pix_keys (company_id, account_id, type, key, is_default) values ($1, $2, 'email', 'financeiro@estudio.com.br', true)`, [companyId, accountId]);
  });
const publicPage = (token: string) => api<PublicPayment>(`/api/public/payments/${token}`, null);

/**
 * Once every announcement made so far has reached this instance's change feed: a marker sent now
 * arrives after them (NOTIFY delivers in commit order). A page read before a late announcement of
 * the test's own setup (the link just made) would be dropped from memory by it, or not kept.
 */
async function heardSoFar(): Promise<void> {
  const marker = `heard-${Math.random()}`;
  const heard = new Promise<void>((resolve) => {
    const stop = server.services.feed.subscribe((c) => {
      if (c.t === 'entity' && c.id === marker) {
        stop();
        resolve();
      }
    });
  });
  await sql(server, `select pg_notify('sede_entities', $1)`, [JSON.stringify({ t: 'entity', companyId: '00000000-0000-0000-0000-000000000000', entity: 'test_marker', id: marker, action: 'updated' })]);
  await heard;
}

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Estúdio Ação Ltda');
  companyId = a.companyId;
  await sql(server, `update companies set city = 'São João del-Rei' where id = $1`, [companyId]);
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  accountId = await seedAccount(server, companyId, { name: 'Banco Inter', bankCode: '077' });
});
afterAll(async () => {
  await server?.stop();
});

describe('Pix keys', () => {
  it('validates each type, keeps the DICT form and one default per company', async () => {
    const bad = await api('/keys', fin, { json: { accountId, type: 'cpf', key: '123.456.789-00' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('CPF inválido: confira os 11 dígitos.');
    expect((await api('/keys', fin, { json: { accountId, type: 'phone', key: '(11) 3456-7890' } })).body.error).toMatch(/^Celular inválido/);
    expect((await api('/keys', fin, { json: { accountId, type: 'evp', key: 'abc' } })).body.error).toMatch(/^Chave aleatória inválida/);
    expect((await api('/keys', fin, { json: { accountId, type: 'cnpj', key: '11.222.333/0001-00' } })).body.error).toMatch(/^CNPJ inválido/);

    const cpf = await api<PixKey>('/keys', fin, { json: { accountId, type: 'cpf', key: '529.982.247-25' } });
    expect(cpf.status, JSON.stringify(cpf.body)).toBe(201);
    expect(cpf.body).toMatchObject({ key: '52998224725', isDefault: true, accountName: 'Banco Inter' });
    const phone = await api<PixKey>('/keys', fin, { json: { accountId, type: 'phone', key: '(11) 98765-4321' } });
    expect(phone.body).toMatchObject({ key: '+5511987654321', isDefault: false });
    const email = await api<PixKey>('/keys', fin, { json: { accountId, type: 'email', key: ' Financeiro@Estudio.com.BR ', isDefault: true } });
    expect(email.body).toMatchObject({ key: 'financeiro@estudio.com.br', isDefault: true });
    const evp = await api<PixKey>('/keys', fin, { json: { accountId, type: 'evp', key: '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D' } });
    expect(evp.body.key).toBe('71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d');

    const taken = await api('/keys', fin, { json: { accountId, type: 'cpf', key: '52998224725' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Esta chave Pix já está cadastrada na empresa.');

    let list = (await api<{ keys: PixKey[] }>('/keys', fin)).body.keys;
    expect(list.filter((k) => k.isDefault).map((k) => k.id)).toEqual([email.body.id]);
    expect((await api<PixKey>(`/keys/${cpf.body.id}`, fin, { method: 'PATCH', json: { isDefault: true } })).body.isDefault).toBe(true);
    list = (await api<{ keys: PixKey[] }>('/keys', fin)).body.keys;
    expect(list.filter((k) => k.isDefault).map((k) => k.id)).toEqual([cpf.body.id]);
    // Deleting the default passes the mark on.
    expect((await api(`/keys/${cpf.body.id}`, fin, { method: 'DELETE' })).status).toBe(200);
    list = (await api<{ keys: PixKey[] }>('/keys', fin)).body.keys;
    expect(list).toHaveLength(3);
    expect(list.filter((k) => k.isDefault)).toHaveLength(1);
    const archived = await seedAccount(server, companyId, { name: 'Conta antiga' });
    await sql(server, `update fin_accounts set archived_at = now() where id = $1`, [archived]);
    expect((await api('/keys', fin, { json: { accountId: archived, type: 'cnpj', key: '11.222.333/0001-81' } })).status).toBe(409);
  });
});

describe('charges and the static BR Code', () => {
  withEmailKey();
  it('charges an open receivable once, with a BR Code of its amount, key and txid', async () => {
    const entryId = await receivable();
    const first = await api<EntryCharge>(`/entries/${entryId}/charge`, fin, { json: {} });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const charge = first.body.charge!;
    expect(charge).toMatchObject({ status: 'open', method: 'pix_static', amountCents: 1234_56, pixKey: 'financeiro@estudio.com.br' });
    expect(charge.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(charge.qrSvg).toMatch(/^<svg/);
    const parsed = parsePix(charge.brCode!);
    expect(parsed).toMatchObject({ type: 'STATIC', pixKey: 'financeiro@estudio.com.br', transactionAmount: 1234.56, txid: charge.txid, merchantName: 'ESTUDIO ACAO LTDA', merchantCity: 'SAO JOAO DEL-RE' });
    // Charging again while nothing changed answers the same charge.
    expect((await api<EntryCharge>(`/entries/${entryId}/charge`, fin, { json: {} })).body.charge!.id).toBe(charge.id);
    // The amount changed: a new charge, the old one cancelled.
    await sql(server, `update fin_entries set amount_cents = 2000_00 where id = $1`, [entryId]);
    const again = (await api<EntryCharge>(`/entries/${entryId}/charge`, fin, { json: {} })).body.charge!;
    expect(again.id).not.toBe(charge.id);
    expect(again.amountCents).toBe(2000_00);
    const [old] = await sql(server, `select status from fin_charges where id = $1`, [charge.id]);
    expect(old!.status).toBe('cancelled');
  });

  it('refuses what cannot be charged, in Portuguese', async () => {
    const cases: Array<[Parameters<typeof receivable>[0], number, string]> = [
      [{ status: 'paid', paidCents: 1234_56 }, 409, 'Esta conta a receber já foi recebida.'],
      [{ status: 'cancelled' }, 409, 'Esta conta a receber está cancelada: reabra-a para cobrar.'],
      [{ kind: 'payable' }, 409, 'Só contas a receber podem ser cobradas.'],
      [{ amountCents: 100_00, paidCents: 100_00 }, 400, 'Não há valor em aberto para cobrar.'],
    ];
    for (const [o, status, error] of cases) {
      const res = await api(`/entries/${await receivable(o)}/charge`, fin, { json: {} });
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
  });
});

describe('settleCharge', () => {
  withEmailKey();
  it('settles once: the same notification twice (even at once) makes one payment', async () => {
    const entryId = await receivable({ description: 'Projeto site', amountCents: 500_00 });
    const charge = (await api<EntryCharge>(`/entries/${entryId}/charge`, fin, { json: {} })).body.charge!;
    // The end-to-end id is this receivable's: a retry of the test (same company) must not find it already recorded.
    const endToEndId = `E12345678202612021300${entryId.replaceAll('-', '').slice(0, 11)}`;
    const note = { companyId, provider: 'psp-teste', externalEventId: endToEndId, txid: charge.txid, amountCents: 500_00, paidAt: new Date(), payerName: 'Maria Pagadora', endToEndId };
    const outcomes = await Promise.all([settleCharge(server.services, note), settleCharge(server.services, note), settleCharge(server.services, note)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'duplicate', 'settled']);
    expect((await settleCharge(server.services, note)).outcome).toBe('duplicate');
    const payments = await sql(server, `select amount_cents, account_id, created_by from fin_payments where entry_id = $1`, [entryId]);
    expect(payments).toEqual([{ amount_cents: '50000', account_id: accountId, created_by: null }]);
    const [entry] = await sql(server, `select status, paid_cents from fin_entries where id = $1`, [entryId]);
    expect(entry).toEqual({ status: 'paid', paid_cents: '50000' });
    const after = (await api<EntryCharge>(`/entries/${entryId}/charge`, fin)).body.charge!;
    expect(after).toMatchObject({ status: 'paid', payerName: 'Maria Pagadora', paidCents: 500_00, qrSvg: null });
    const [log] = await sql(server, `select count(*)::int as n from activity_log where company_id = $1 and action = 'charge_paid' and details->>'id' = $2`, [companyId, entryId]);
    expect(log!.n).toBe(1);
    const notes = await sql(server, `select title from notifications where company_id = $1 and user_id = $2 and entity_id = $3`, [companyId, fin.userId, entryId]);
    expect(notes).toEqual([{ title: 'Pagamento recebido' }]);
    // Only the members who read Financeiro are told: not a salesperson.
    expect(await sql(server, `select title from notifications where company_id = $1 and user_id = $2 and entity_id = $3`, [companyId, vendas.userId, entryId])).toEqual([]);
  });

  it('refuses an amount of zero, a receivable paid by hand and another company', async () => {
    const entryId = await receivable({ amountCents: 80_00 });
    const charge = (await api<EntryCharge>(`/entries/${entryId}/charge`, fin, { json: {} })).body.charge!;
    const note = { companyId, provider: 'psp-teste', externalEventId: `E-zero-${entryId}`, txid: charge.txid, amountCents: 0, paidAt: new Date() };
    await expect(settleCharge(server.services, note)).rejects.toMatchObject({ status: 400, message: 'O valor pago deve ser maior que zero.' });
    const other = (await createCompanyWithAdmin(server, 'Terceira')).companyId;
    await expect(settleCharge(server.services, { ...note, companyId: other, amountCents: 80_00 })).rejects.toMatchObject({ status: 404 });
    await sql(server, `update fin_entries set status = 'paid', paid_cents = amount_cents where id = $1`, [entryId]);
    await expect(settleCharge(server.services, { ...note, amountCents: 80_00 })).rejects.toMatchObject({ status: 409, message: 'Esta conta a receber já foi recebida.' });
    const [events] = await sql(server, `select count(*)::int as n from fin_charge_events where charge_id = $1`, [charge.id]);
    expect(events!.n).toBe(0);
  });
});

describe('the payment page', () => {
  withEmailKey();
  it('shows the charge without a session; a new link or revoking ends the old one', async () => {
    const entryId = await receivable({ description: 'Manutenção mensal', amountCents: 99_90 });
    const link = await api<PaymentLinkCreated>(`/entries/${entryId}/link`, fin, { json: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = tokenOf(link.body.url);
    const page = await publicPage(token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ companyName: 'Estúdio Ação Ltda', description: 'Manutenção mensal', amountCents: 99_90, dueDate: due, status: 'open', boletoUrl: null });
    expect(parsePix(page.body.brCode!)).toMatchObject({ transactionAmount: 99.9 });
    expect(JSON.stringify(page.body)).not.toContain(companyId);
    // The receivable changed after the link went out (its page was served from memory): the page
    // shows a new code of what is due now, once the change is heard (decision 0765).
    expect((await publicPage(token)).body.amountCents).toBe(99_90);
    expect((await api(`/api/finance/entries/${entryId}`, fin, { method: 'PATCH', json: { amountCents: 120_00 } })).status).toBe(200);
    await expect.poll(async () => (await publicPage(token)).body.amountCents).toBe(120_00);
    const changed = await publicPage(token);
    expect(parsePix(changed.body.brCode!)).toMatchObject({ transactionAmount: 120 });
    expect(changed.body.amountCents).toBe(120_00);

    const forged = `${token.slice(0, 22)}${'A'.repeat(22)}`;
    expect(await publicPage(forged)).toMatchObject({ status: 404, body: { error: 'Este link de pagamento não existe ou foi cancelado.' } });
    expect((await publicPage('curto')).status).toBe(404);

    const second = await api<PaymentLinkCreated>(`/entries/${entryId}/link`, fin, { json: {} });
    expect((await publicPage(token)).status).toBe(404);
    expect((await publicPage(tokenOf(second.body.url))).status).toBe(200);
    expect((await api<EntryCharge>(`/entries/${entryId}/charge`, fin)).body.link!.url).toBe(second.body.url);
    expect((await api(`/entries/${entryId}/link`, fin, { method: 'DELETE' })).status).toBe(200);
    expect((await publicPage(tokenOf(second.body.url))).status).toBe(404);
    expect((await api(`/entries/${entryId}/link`, fin, { method: 'DELETE' })).status).toBe(404);
  });

  it('pays through the local simulator and the one settlement, then shows it paid', async () => {
    const entryId = await receivable({ description: 'Simulada', amountCents: 10_00 });
    const token = tokenOf((await api<PaymentLinkCreated>(`/entries/${entryId}/link`, fin, { json: {} })).body.url);
    expect((await publicPage(token)).body).toMatchObject({ status: 'open' });
    const paid = await api(`/api/public/payments/${token}/simulate-payment`, null, { json: { payerName: 'João Teste' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // At once, though the open page was just served from memory (decision 0765).
    expect((await publicPage(token)).body).toMatchObject({ status: 'paid', brCode: null, qrSvg: null });
    expect((await api(`/api/public/payments/${token}/simulate-payment`, null, { json: {} })).status).toBe(409);
  });

  it('shows at once a settlement by the webhook and, once heard, one by hand or by another instance', async () => {
    const byWebhook = await receivable({ description: 'Pelo webhook', amountCents: 11_00 });
    const token = tokenOf((await api<PaymentLinkCreated>(`/entries/${byWebhook}/link`, fin, { json: {} })).body.url);
    const [charge] = (await sql(server, `select id from fin_charges where entry_id = $1 and status = 'open'`, [byWebhook])) as Array<{ id: string }>;
    await heardSoFar();
    expect((await publicPage(token)).body.status).toBe('open');
    expect((await publicPage(token)).body.status).toBe('open');
    // The notification's id is the charge's own: a constant one made this test's retry (same company) a
    // 'duplicate' that settled nothing, and its page rightly stayed 'open' (CI, 45372002).
    const settled = await settleCharge(server.services, { companyId, provider: 'psp-teste', externalEventId: `E-cache-${charge!.id}`, chargeId: charge!.id, amountCents: 11_00, paidAt: new Date() });
    expect(settled.outcome).toBe('settled');
    expect((await publicPage(token)).body).toMatchObject({ status: 'paid', brCode: null });

    const byHand = await receivable({ description: 'À mão', amountCents: 12_00 });
    const handToken = tokenOf((await api<PaymentLinkCreated>(`/entries/${byHand}/link`, fin, { json: {} })).body.url);
    expect((await publicPage(handToken)).body.status).toBe('open');
    const paid = await api(`/api/finance/entries/${byHand}/payments`, fin, { json: { accountId, paidDate: todayInBrazil(), amountCents: 12_00 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await expect.poll(async () => (await publicPage(handToken)).body.status).toBe('paid');

    // Revoked on another instance: only its announcement reaches this one.
    const elsewhere = await receivable({ description: 'Outra instância', amountCents: 13_00 });
    const elsewhereToken = tokenOf((await api<PaymentLinkCreated>(`/entries/${elsewhere}/link`, fin, { json: {} })).body.url);
    await heardSoFar();
    expect((await publicPage(elsewhereToken)).status).toBe(200);
    await sql(server, `update fin_payment_links set revoked_at = now() where entry_id = $1`, [elsewhere]);
    expect((await publicPage(elsewhereToken)).status).toBe(200);
    await sql(server, `select pg_notify('sede_entities', $1)`, [JSON.stringify({ t: 'entity', companyId, entity: 'fin_charge', id: elsewhere, action: 'updated' })]);
    await expect.poll(async () => (await publicPage(elsewhereToken)).status).toBe(404);
  });

  it('keeps serving the open charge when the default key is deleted meanwhile', async () => {
    const entryId = await receivable({ description: 'Chave apagada', amountCents: 42_00 });
    const token = tokenOf((await api<PaymentLinkCreated>(`/entries/${entryId}/link`, fin, { json: {} })).body.url);
    await sql(server, `delete from fin_pix_keys where company_id = $1`, [companyId]);
    const page = await publicPage(token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(parsePix(page.body.brCode!)).toMatchObject({ pixKey: 'financeiro@estudio.com.br', transactionAmount: 42 });
    await sql(server, `insert into fin_pix_keys (company_id, account_id, type, key, is_default) values ($1, $2, 'email', 'financeiro@estudio.com.br', true)`, [companyId, accountId]);
  });

  it('is limited per address', async () => {
    const entryId = await receivable({ amountCents: 5_00 });
    const token = tokenOf((await api<PaymentLinkCreated>(`/entries/${entryId}/link`, fin, { json: {} })).body.url);
    await sql(server, `update rate_limits set count = 100000 where key like 'payment-page:viewPerIp:%'`);
    const res = await publicPage(token);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Muitas tentativas/);
    await sql(server, `delete from rate_limits where key like 'payment-page:%'`);
  });

  it("sends the charge by e-mail with the page's link and the copia e cola", async () => {
    const entryId = await receivable({ description: 'Licença anual', amountCents: 300_00 });
    expect((await api(`/entries/${entryId}/send`, fin, { json: {} })).body.error).toBe('Informe o e-mail do cliente.');
    const sent = await api<{ to: string; url: string }>(`/entries/${entryId}/send`, fin, { json: { to: 'Cliente@Exemplo.com.br' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await latestMail(server, 'cliente@exemplo.com.br', 'Cobrança');
    const charge = (await api<EntryCharge>(`/entries/${entryId}/charge`, fin)).body;
    expect(mail.text).toContain(sent.body.url);
    expect(mail.text).toContain(charge.charge!.brCode);
    expect(charge.link!.url).toBe(sent.body.url);
  });
});

describe('isolation', () => {
  withEmailKey();
  it('hides every endpoint from another company (404) and from members without Financeiro (403)', async () => {
    const entryId = await receivable({ description: 'Segredo a receber' });
    const linked = await receivable({ description: 'Segredo com link' });
    await api(`/entries/${linked}/link`, fin, { json: {} });
    const key = await api<PixKey>('/keys', fin, { json: { accountId, type: 'cnpj', key: '11.222.333/0001-81' } });
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Segredo', companyId] }, [
      { method: 'GET', path: `/api/finance/pix/entries/${entryId}/charge` },
      { method: 'POST', path: `/api/finance/pix/entries/${entryId}/charge`, body: {} },
      { method: 'POST', path: `/api/finance/pix/entries/${entryId}/link`, body: {}, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/finance/pix/entries/${linked}/link` },
      { method: 'POST', path: `/api/finance/pix/entries/${entryId}/send`, body: { to: 'cliente@exemplo.com.br' } },
      { method: 'PATCH', path: `/api/finance/pix/keys/${key.body.id}`, body: { isDefault: true } },
      { method: 'DELETE', path: `/api/finance/pix/keys/${key.body.id}` },
    ]);
    const theirs = await api<{ keys: PixKey[] }>('/keys', outsider);
    expect([theirs.status, theirs.body.keys]).toEqual([200, []]);
    expect((await api('/keys', vendas)).status).toBe(403);
    expect((await api('/keys', vendas, { json: { accountId, type: 'cpf', key: '52998224725' } })).status).toBe(403);
    expect((await api('/keys', outsider, { json: { accountId, type: 'cpf', key: '52998224725' } })).status).toBe(404);
  });
});
