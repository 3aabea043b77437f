import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteEnvelope } from '@sede/shared/crm/quote-signature';
import type { Quote } from '@sede/shared/crm/quotes';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { inDays, seedDeal } from '../crm/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { caller, codeFromMail, tokenFromMail, untilSealed } from './support.ts';

let server: TestServer;
let call: ReturnType<typeof caller>;
let companyId: string;
let vendas: Person;
let rh: Person;
let juridico: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Orçamentos Assinados Ltda');
  companyId = a.companyId;
  vendas = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  juridico = await memberOf(server, companyId, 'juridico');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Orçamentos Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const unique = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;
async function quote(validDays = 10) {
  const { dealId } = await seedDeal(server, companyId, { title: 'Fornecimento de pães' });
  const res = await call<Quote>(`/api/crm-quotes/deals/${dealId}/quotes`, vendas, 'POST', { validUntil: inDays(validDays), conditions: 'À vista', items: [{ description: 'Pão francês (cento)', unit: 'cento', quantityMilli: 2000, unitPriceCents: 5000, discountCents: 0 }] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { dealId, quote: res.body };
}
async function signAll(emails: string[]) {
  for (const email of emails) {
    const token = await tokenFromMail(server, email);
    expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
    expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, email) })).status).toBe(200);
    expect((await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Cliente Assina' } })).status).toBe(200);
  }
}

describe('a CRM quote sent for signature', () => {
  it('sales sends it; when both sign, the quote is accepted, its deal won and the signed PDF kept with the quote', async () => {
    const { dealId, quote: q } = await quote();
    const [cliente, socio] = [unique('cliente'), unique('socio')];
    const sent = await call<QuoteEnvelope>(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas, 'POST', {
      signers: [
        { name: 'Cliente Compradora', email: cliente, role: 'assinar' },
        { name: 'Sócio Aprovador', email: socio, role: 'aprovar' },
      ],
      signingOrder: 'sequencial',
      winDeal: true,
    });
    expect(sent, JSON.stringify(sent.body)).toMatchObject({ status: 201, body: { status: 'enviado', signersTotal: 2, winDeal: true } });
    // One envelope in signature at a time.
    expect(await call(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas, 'POST', { signers: [{ name: 'X', email: unique('x'), role: 'assinar' }] })).toMatchObject({ status: 409, body: { code: 'SIGNATURE_PENDING' } });
    // Jurídico sees the envelope with its source; the quote is 'enviado'.
    const env = await call<EnvelopeView>(`/api/assinaturas/envelopes/${sent.body.id}`, juridico);
    expect(env.body).toMatchObject({ title: `Orçamento nº ${q.number} — Fornecimento de pães`, source: { entity: 'crm_quote', id: q.id }, documentPages: expect.any(Number) });
    expect((await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas)).body.status).toBe('enviado');

    // In order: the partner hears of it only after the client signed; one signature of two leaves the quote and its deal as they were.
    await tokenFromMail(server, cliente);
    const mailbox = async (to: string) => ((await (await server.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: unknown[] }).messages;
    expect(await mailbox(socio)).toEqual([]);
    await signAll([cliente]);
    expect((await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas)).body.status).toBe('enviado');
    expect((await sql(server, 'SELECT status FROM deals WHERE id = $1', [dealId]))[0]).toMatchObject({ status: 'open' });
    expect((await call<{ envelopes: QuoteEnvelope[] }>(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas)).body.envelopes).toEqual([expect.objectContaining({ status: 'parcialmente_assinado', signersDone: 1, signersTotal: 2 })]);
    await signAll([socio]);
    await untilSealed(server, juridico, sent.body.id);
    const after = await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas);
    expect(after.body).toMatchObject({ status: 'aceito', answeredBy: 'client' });
    const [deal] = await sql(server, 'SELECT status, value_cents, won_note FROM deals WHERE id = $1', [dealId]);
    expect(deal).toMatchObject({ status: 'won', value_cents: '10000', won_note: `Orçamento nº ${q.number} assinado eletronicamente` });
    const files = await sql(server, "SELECT name, sha256 FROM files WHERE entity_type = 'quote' AND entity_id = $1 AND deleted_at IS NULL", [q.id]);
    const done = (await call<EnvelopeView>(`/api/assinaturas/envelopes/${sent.body.id}`, juridico)).body;
    expect(done.status).toBe('assinado');
    expect(files).toEqual([{ name: expect.stringMatching(/assinado\.pdf$/), sha256: done.finalSha256 }]);
    const list = await call<{ envelopes: QuoteEnvelope[] }>(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas);
    expect(list.body.envelopes).toEqual([expect.objectContaining({ id: sent.body.id, status: 'assinado', signersDone: 2 })]);
    // An accepted quote has nothing left to sign.
    expect(await call(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas, 'POST', { signers: [{ name: 'X', email: unique('x'), role: 'assinar' }] })).toMatchObject({ status: 409, body: { code: 'QUOTE_ALREADY_ANSWERED' } });
  });

  it('a quote valid for more than a year is signed within a year, the most an envelope allows', async () => {
    const { quote: q } = await quote(800);
    const sent = await call<QuoteEnvelope>(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas, 'POST', { signers: [{ name: 'Cliente', email: unique('longo'), role: 'assinar' }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${sent.body.id}`, juridico)).body.expiresOn).toBe(inDays(365));
  });

  it('without winDeal the quote is accepted and the deal stays open', async () => {
    const { dealId, quote: q } = await quote();
    const email = unique('cliente');
    const sent = await call<QuoteEnvelope>(`/api/crm-quotes/quotes/${q.id}/signatures`, vendas, 'POST', { signers: [{ name: 'Cliente', email, role: 'assinar' }], winDeal: false });
    expect(sent.status).toBe(201);
    await signAll([email]);
    await untilSealed(server, juridico, sent.body.id);
    expect((await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas)).body.status).toBe('aceito');
    expect((await sql(server, 'SELECT status FROM deals WHERE id = $1', [dealId]))[0]).toMatchObject({ status: 'open' });
  });

  it('refuses bad input in Portuguese; another company 404; a member without Comercial (sales.write) 403', async () => {
    const { quote: q } = await quote();
    const path = `/api/crm-quotes/quotes/${q.id}/signatures`;
    const cases: [object, string][] = [
      [{ signers: [] }, 'Adicione pelo menos uma pessoa que assine.'],
      [{ signers: [{ name: 'Sem e-mail', email: '', role: 'assinar' }] }, 'Informe o e-mail do signatário.'],
      [{ signers: [{ name: 'A', email: 'a@exemplo.com.br', role: 'assinar' }, { name: 'B', email: 'a@exemplo.com.br', role: 'assinar' }] }, 'O mesmo e-mail aparece duas vezes entre os signatários.'],
      [{ signers: [{ name: 'A', email: 'a@exemplo.com.br', role: 'assinar' }], expiresOn: inDays(500) }, 'Informe uma data de expiração entre amanhã e daqui a um ano.'],
    ];
    for (const [body, error] of cases) expect(await call(path, vendas, 'POST', body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });
    expect((await call<{ envelopes: QuoteEnvelope[] }>(path, vendas)).body.envelopes).toEqual([]);
    const body = { signers: [{ name: 'Cliente', email: unique('iso'), role: 'assinar' }] };
    await expectTenantIsolation(server, { owner: vendas, outsider, withoutPermission: rh, secrets: [q.id, q.dealTitle] }, [{ method: 'POST', path, body }]);
    await expectTenantIsolation(server, { owner: vendas, outsider, secrets: [q.dealTitle] }, [{ method: 'GET', path }]);
  });
});
