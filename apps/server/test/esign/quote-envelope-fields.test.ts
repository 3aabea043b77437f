import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteEnvelope, QuoteEnvelopeDraft } from '@sede/shared/crm/quote-signature';
import type { Quote } from '@sede/shared/crm/quotes';
import type { FieldInput, FieldView } from '@sede/shared/esign/fields';
import type { EnvelopeView, PublicSigningView } from '@sede/shared/esign/schemas';
import { inDays, seedDeal } from '../crm/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { caller, codeFromMail, draftWithPdf, tokenFromMail, untilSealed } from './support.ts';

/** The salesperson places the fields on a quote's envelope before sending it (decision 0760). */
let server: TestServer;
let call: ReturnType<typeof caller>;
let companyId: string;
let vendas: Person;
let juridico: Person;
let rh: Person;
let outsider: Person;
let outsiderCompanyId: string;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Orçamentos com Campos Ltda');
  companyId = a.companyId;
  vendas = await memberOf(server, companyId, 'vendas');
  juridico = await memberOf(server, companyId, 'juridico');
  rh = await memberOf(server, companyId, 'rh');
  const b = await createCompanyWithAdmin(server, 'Outra Empresa Campos de Orçamento Ltda');
  outsider = b.admin;
  outsiderCompanyId = b.companyId;
});
afterAll(async () => {
  await server?.stop();
});

const unique = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;
const base = (quoteId: string) => `/api/crm-quotes/quotes/${quoteId}/signatures`;

async function quote() {
  const { dealId } = await seedDeal(server, companyId, { title: 'Fornecimento de bolos' });
  const res = await call<Quote>(`/api/crm-quotes/deals/${dealId}/quotes`, vendas, 'POST', { validUntil: inDays(10), conditions: 'À vista', items: [{ description: 'Bolo de fubá', unit: 'un', quantityMilli: 3000, unitPriceCents: 2500, discountCents: 0 }] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function draftOf(q: Quote, emails = [unique('cliente')]) {
  const created = await call<QuoteEnvelope>(base(q.id), vendas, 'POST', { signers: emails.map((email, i) => ({ name: `Cliente ${i + 1}`, email, role: 'assinar' })), draft: true });
  expect(created, JSON.stringify(created.body)).toMatchObject({ status: 201, body: { status: 'rascunho', sentAt: null, winDeal: true } });
  const view = await call<QuoteEnvelopeDraft>(`${base(q.id)}/${created.body.id}`, vendas);
  expect(view.status, JSON.stringify(view.body)).toBe(200);
  return view.body;
}

describe("a quote's envelope with fields placed by sales", () => {
  it('draft → fields → send: nothing goes out before the send, the signer sees their fields and signs with them', async () => {
    const q = await quote();
    const email = unique('cliente');
    const draft = await draftOf(q, [email]);
    expect(draft).toMatchObject({ title: `Orçamento nº ${q.number} — Fornecimento de bolos`, documentPages: expect.any(Number), fields: [], signers: [expect.objectContaining({ email, status: 'pendente' })] });
    // A draft: no link mailed, the quote not 'enviado'.
    const mailbox = async (to: string) => ((await (await server.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: unknown[] }).messages;
    expect(await mailbox(email)).toEqual([]);
    expect((await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas)).body.status).not.toBe('enviado');

    // Sales reads the draft's PDF without Jurídico's permission (the envelope's file is Jurídico's).
    const doc = await server.request(`${base(q.id)}/${draft.id}/document`, { jar: vendas.jar });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await doc.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await server.request(`/api/files/${(await call<EnvelopeView>(`/api/assinaturas/envelopes/${draft.id}`, juridico)).body.documentFileId}/content`, { jar: vendas.jar })).status).toBe(403);

    const signer = draft.signers[0]!.id;
    const placed: FieldInput[] = [
      { signerId: signer, type: 'assinatura', page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.06 },
      { signerId: signer, type: 'cpf', page: 1, x: 0.5, y: 0.8, w: 0.2, h: 0.03 },
      { signerId: signer, type: 'data', page: 1, x: 0.75, y: 0.8, w: 0.16, h: 0.03 },
    ];
    const saved = await call<{ fields: FieldView[] }>(`${base(q.id)}/${draft.id}/fields`, vendas, 'PUT', { fields: placed });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.fields.map((f) => f.type)).toEqual(['assinatura', 'cpf', 'data']);
    // esign's own rules: a field of someone not in the envelope is refused in Portuguese.
    expect(await call(`${base(q.id)}/${draft.id}/fields`, vendas, 'PUT', { fields: [{ ...placed[0], signerId: '00000000-0000-4000-8000-000000000000' }] })).toMatchObject({ status: 400, body: { error: 'Um campo é de um signatário que não está neste envelope (ou que só recebe cópia).' } });
    expect((await call<QuoteEnvelopeDraft>(`${base(q.id)}/${draft.id}`, vendas)).body.fields).toHaveLength(3);

    const sent = await call<QuoteEnvelope>(`${base(q.id)}/${draft.id}/send`, vendas, 'POST');
    expect(sent, JSON.stringify(sent.body)).toMatchObject({ status: 200, body: { id: draft.id, status: 'enviado', winDeal: true, sentAt: expect.any(String) } });
    expect((await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas)).body).toMatchObject({ status: 'enviado', sentTo: email });
    // Sent once: again is 409 in Portuguese, and the fields are locked.
    expect(await call(`${base(q.id)}/${draft.id}/send`, vendas, 'POST')).toMatchObject({ status: 409, body: { code: 'ALREADY_SENT', error: 'Este envelope já foi enviado para assinatura: os campos e os signatários não mudam mais.' } });
    expect(await call(`${base(q.id)}/${draft.id}/fields`, vendas, 'PUT', { fields: placed })).toMatchObject({ status: 409, body: { code: 'FIELDS_LOCKED' } });
    // One envelope in signature at a time: a new draft waits for this one.
    expect(await call(base(q.id), vendas, 'POST', { signers: [{ name: 'X', email: unique('x'), role: 'assinar' }], draft: true })).toMatchObject({ status: 409, body: { code: 'SIGNATURE_PENDING' } });

    // The signer sees the fields sales placed, fills the CPF and signs; the quote is accepted.
    const token = await tokenFromMail(server, email);
    const view = await call<PublicSigningView>(pub(token), null);
    expect(view.body.fields.map((f) => [f.type, f.page, f.x, f.y])).toEqual(placed.map((f) => [f.type, f.page, f.x, f.y]));
    expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
    expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, email) })).status).toBe(200);
    const cpf = view.body.fields.find((f) => f.type === 'cpf')!.id;
    const signed = await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Cliente 1' }, fields: [{ id: cpf, value: '529.982.247-25' }] });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await untilSealed(server, juridico, draft.id);
    expect((await call<Quote>(`/api/crm-quotes/quotes/${q.id}`, vendas)).body.status).toBe('aceito');
    const done = await call<EnvelopeView>(`/api/assinaturas/envelopes/${draft.id}`, juridico);
    expect(done.body.fields.find((f) => f.type === 'cpf')?.value).toBe('529.982.247-25');
  });

  it('a new request replaces a draft never sent; the one-step send still sends at once', async () => {
    const q = await quote();
    const first = await draftOf(q);
    const second = await draftOf(q);
    const list = await call<{ envelopes: QuoteEnvelope[] }>(base(q.id), vendas);
    expect(list.body.envelopes.map((e) => [e.id, e.status])).toEqual([
      [second.id, 'rascunho'],
      [first.id, 'cancelado'],
    ]);
    expect(await call(`${base(q.id)}/${first.id}/send`, vendas, 'POST')).toMatchObject({ status: 409, body: { code: 'ALREADY_SENT' } });
    const now = await call<QuoteEnvelope>(base(q.id), vendas, 'POST', { signers: [{ name: 'Cliente', email: unique('agora'), role: 'assinar' }] });
    expect(now).toMatchObject({ status: 201, body: { status: 'enviado' } });
    expect((await call<{ envelopes: QuoteEnvelope[] }>(base(q.id), vendas)).body.envelopes.map((e) => e.status)).toEqual(['enviado', 'cancelado', 'cancelado']);
  });

  it("sales.write only: Jurídico (legal.*) and a member without Comercial get 403; another quote's or Jurídico's envelope is 404", async () => {
    const q = await quote();
    const draft = await draftOf(q);
    const fields = { fields: [{ signerId: draft.signers[0]!.id, type: 'assinatura', page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.06 }] };
    for (const who of [juridico, rh]) {
      expect((await call(base(q.id), who, 'POST', { signers: [{ name: 'X', email: unique('x'), role: 'assinar' }], draft: true })).status).toBe(403);
      expect((await call(`${base(q.id)}/${draft.id}/fields`, who, 'PUT', fields)).status).toBe(403);
      expect((await call(`${base(q.id)}/${draft.id}/send`, who, 'POST')).status).toBe(403);
    }
    // Jurídico's own route to the fields stays Jurídico's: sales gets 403 there.
    expect((await call(`/api/assinaturas/envelopes/${draft.id}/fields`, vendas, 'PUT', fields)).status).toBe(403);

    // An envelope of another quote of the company, or one Jurídico made, is not this quote's: 404.
    const other = await draftOf(await quote());
    const legal = await draftWithPdf(server, juridico);
    for (const envelopeId of [other.id, legal.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await call(`${base(q.id)}/${envelopeId}`, vendas), envelopeId).toMatchObject({ status: 404, body: { error: 'Envelope não encontrado.' } });
      expect((await call(`${base(q.id)}/${envelopeId}/document`, vendas)).status).toBe(404);
      expect((await call(`${base(q.id)}/${envelopeId}/fields`, vendas, 'PUT', fields)).status).toBe(404);
      expect((await call(`${base(q.id)}/${envelopeId}/send`, vendas, 'POST')).status).toBe(404);
    }
    expect((await call(`${base(q.id)}/nao-e-um-id`, vendas)).status).toBe(404);
    expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${other.id}`, juridico)).body.status).toBe('rascunho');
  });

  it('every new endpoint: another company 404 (its quote or its envelope), no session 401, without sales.write 403', async () => {
    const q = await quote();
    const draft = await draftOf(q);
    const secrets = [q.dealTitle, draft.title];
    const fields = { fields: [{ signerId: draft.signers[0]!.id, type: 'assinatura', page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.06 }] };
    const one = `${base(q.id)}/${draft.id}`;
    await expectTenantIsolation(server, { owner: vendas, outsider, secrets }, [
      { method: 'GET', path: one },
      { method: 'GET', path: `${one}/document` },
    ]);
    await expectTenantIsolation(server, { owner: vendas, outsider, withoutPermission: rh, secrets }, [
      { method: 'PUT', path: `${one}/fields`, body: fields },
      { method: 'POST', path: `${one}/send`, ownerStatus: 200 },
      { method: 'POST', path: base((await quote()).id), body: { signers: [{ name: 'Cliente', email: unique('iso'), role: 'assinar' }], draft: true }, ownerStatus: 201 },
    ]);
    // The outsider's own quote with this company's envelope id: 404 too.
    const { dealId } = await seedDeal(server, outsiderCompanyId, { title: 'Negócio de fora' });
    const theirs = await call<Quote>(`/api/crm-quotes/deals/${dealId}/quotes`, outsider, 'POST', { validUntil: inDays(10), items: [{ description: 'Item', unit: 'un', quantityMilli: 1000, unitPriceCents: 100, discountCents: 0 }] });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const other = await draftOf(await quote());
    for (const [method, rest, body] of [['GET', ''], ['GET', '/document'], ['PUT', '/fields', { fields: [] }], ['POST', '/send']] as const)
      expect((await call(`${base(theirs.body.id)}/${other.id}${rest}`, outsider, method, body)).status, `${method} ${rest}`).toBe(404);
    expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${other.id}`, juridico)).body).toMatchObject({ status: 'rascunho', fields: [] });
  });
});
