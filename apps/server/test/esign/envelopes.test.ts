import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { upload } from '../files/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { caller, draftWithPdf, encryptedPdf, envelopeInput, samplePdf, tokenFromMail } from './support.ts';

let server: TestServer;
let call: ReturnType<typeof caller>;
let companyId: string;
let juridico: Person;
let vendas: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Assinaturas Teste Ltda');
  companyId = a.companyId;
  juridico = await memberOf(server, companyId, 'juridico');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const newEnvelope = (over = {}) => call<EnvelopeView>('/api/assinaturas/envelopes', juridico, 'POST', envelopeInput(over));

describe('envelopes: creating one', () => {
  it('from an uploaded PDF: a draft with its signers in order, the document hash and page count', async () => {
    const pdf = await samplePdf(3);
    const e = await draftWithPdf(server, juridico, {}, pdf);
    expect(e).toMatchObject({ status: 'rascunho', signingOrder: 'sequencial', documentPages: 3, documentName: 'contrato.pdf', signersDone: 0, signersTotal: 2, finalFileId: null, verificationCode: null });
    expect(e.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(e.signers.map((x) => [x.position, x.name, x.role, x.status, x.cpf])).toEqual([
      [1, 'Maria Conceição', 'assinar', 'pendente', '52998224725'],
      [2, 'José Araújo', 'testemunha', 'pendente', null],
      [3, 'Escritório', 'receber_copia', 'pendente', null],
    ]);
    expect(e.events.map((x) => x.kind)).toEqual(['created']);
    const list = await call<{ envelopes: EnvelopeView[] }>('/api/assinaturas/envelopes?status=rascunho', juridico);
    expect(list.body.envelopes.map((x) => x.id)).toContain(e.id);
  });

  it('refuses bad input with Portuguese messages and keeps nothing half-made', async () => {
    const cases: [object, string][] = [
      [{ signers: [{ name: 'Sem e-mail', email: '', role: 'assinar' }] }, 'Informe o e-mail do signatário.'],
      [{ signers: [{ name: 'A', email: 'a@exemplo.com.br', role: 'assinar' }, { name: 'B', email: 'A@exemplo.com.br', role: 'aprovar' }] }, 'O mesmo e-mail aparece duas vezes entre os signatários.'],
      [{ signers: [{ name: 'A', email: 'a@exemplo.com.br', cpf: '123.456.789-00', role: 'assinar' }] }, 'CPF inválido: confira os dígitos.'],
      [{ signers: [{ name: 'A', email: 'a@exemplo.com.br', role: 'receber_copia' }] }, 'Adicione pelo menos uma pessoa que assine.'],
      [{ signers: [{ name: 'A', email: 'a@exemplo.com.br', role: 'dono' }] }, 'Papel do signatário inválido.'],
      [{ expiresOn: todayInBrazil() }, 'Informe uma data de expiração entre amanhã e daqui a um ano.'],
      [{ expiresOn: addDays(todayInBrazil(), 400) }, 'Informe uma data de expiração entre amanhã e daqui a um ano.'],
      [{ title: '  ' }, 'Informe o título do envelope.'],
    ];
    const before = (await sql(server, 'select count(*)::int as n from signature_envelopes where company_id = $1', [companyId]))[0]!.n;
    for (const [over, message] of cases) {
      const res = await newEnvelope(over);
      expect(res, JSON.stringify(over)).toMatchObject({ status: 400, body: { error: message } });
    }
    expect((await sql(server, 'select count(*)::int as n from signature_envelopes where company_id = $1', [companyId]))[0]!.n).toBe(before);
  });

  it('refuses a DOCX, an encrypted and a broken PDF (the file is removed), and sending without a document', async () => {
    const draft = (await newEnvelope()).body;
    const attach = async (bytes: Buffer, name: string) => {
      const up = await upload(server, juridico.jar, `entityType=signature_envelope&entityId=${draft.id}&kind=document`, bytes, name);
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      const res = await call<EnvelopeView>(`/api/assinaturas/envelopes/${draft.id}/document`, juridico, 'POST', { fileId: up.body.id });
      const left = await sql(server, 'select deleted_at from files where id = $1', [up.body.id]);
      return { res, removed: left[0]!.deleted_at !== null };
    };
    const { Document, Packer, Paragraph } = await import('docx');
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Contrato')] }] }));
    expect(await attach(docx, 'contrato.docx')).toMatchObject({ res: { status: 400, body: { code: 'DOCX_NOT_SUPPORTED', error: expect.stringContaining('salve-o como PDF') } }, removed: true });
    expect(await attach(await encryptedPdf(), 'protegido.pdf')).toMatchObject({ res: { status: 400, body: { code: 'PDF_ENCRYPTED' } }, removed: true });
    const broken = (await samplePdf(1)).subarray(0, 300);
    expect(await attach(Buffer.concat([broken, Buffer.from('lixo')]), 'quebrado.pdf')).toMatchObject({ res: { status: 400, body: { code: 'PDF_BROKEN' } }, removed: true });
    const send = await call(`/api/assinaturas/envelopes/${draft.id}/send`, juridico, 'POST');
    expect(send).toMatchObject({ status: 400, body: { error: 'Envie o documento em PDF antes de enviar o envelope.' } });
    const missing = await call(`/api/assinaturas/envelopes/${draft.id}/document`, juridico, 'POST', { fileId: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Arquivo não encontrado neste envelope.' } });
  });

  it("from a Jurídico contract's file: the envelope keeps its own copy", async () => {
    const contract = await call<{ id: string }>('/api/juridico/contracts', juridico, 'POST', { title: 'Locação' });
    const up = await upload(server, juridico.jar, `entityType=contract&entityId=${contract.body.id}&kind=document`, await samplePdf(2, 'Locação'), 'locacao.pdf');
    const e = await newEnvelope({ contract: { contractId: contract.body.id, fileId: up.body.id } });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    expect(e.body).toMatchObject({ contractId: contract.body.id, documentPages: 2, documentName: 'locacao.pdf' });
    expect(e.body.documentFileId).not.toBe(up.body.id);
    const foreign = await call(`/api/assinaturas/envelopes`, outsider, 'POST', envelopeInput({ contract: { contractId: contract.body.id, fileId: up.body.id } }));
    expect(foreign).toMatchObject({ status: 404, body: { error: 'Contrato não encontrado.' } });
  });
});

describe('envelopes: sending, resending, cancelling', () => {
  it('sends the link to the first signer only (in order), resends a new link that replaces the old, cancels once', async () => {
    const e = await draftWithPdf(server, juridico, { signers: [
      { name: 'Ana Primeira', email: 'ana.primeira@exemplo.com.br', role: 'assinar' },
      { name: 'Bruno Segundo', email: 'bruno.segundo@exemplo.com.br', role: 'aprovar' },
    ] });
    const sent = await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST');
    expect(sent.body).toMatchObject({ status: 'enviado' });
    expect(sent.body.signers.map((x) => x.status)).toEqual(['enviado', 'pendente']);
    const first = await tokenFromMail(server, 'ana.primeira@exemplo.com.br');
    expect((await call(`/api/public/assinaturas/sign/${first}`, null)).status).toBe(200);
    const again = await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST');
    expect(again).toMatchObject({ status: 409, body: { code: 'NOT_DRAFT' } });
    const notYet = await call(`/api/assinaturas/envelopes/${e.id}/signers/${sent.body.signers[1]!.id}/resend`, juridico, 'POST');
    expect(notYet).toMatchObject({ status: 409, body: { code: 'NOT_YOUR_TURN' } });

    const resent = await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}/signers/${sent.body.signers[0]!.id}/resend`, juridico, 'POST');
    expect(resent.status).toBe(200);
    const second = await tokenFromMail(server, 'ana.primeira@exemplo.com.br');
    expect(second).not.toBe(first);
    expect((await call(`/api/public/assinaturas/sign/${first}`, null)).status).toBe(404);
    expect((await call(`/api/public/assinaturas/sign/${second}`, null)).status).toBe(200);

    const cancelled = await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}/cancel`, juridico, 'POST');
    expect(cancelled.body.status).toBe('cancelado');
    expect(cancelled.body.events.map((x) => x.kind)).toEqual(['created', 'sent', 'viewed', 'resent', 'cancelled']);
    expect((await call(`/api/assinaturas/envelopes/${e.id}/cancel`, juridico, 'POST')).status).toBe(409);
    const audit = await sql(server, `select action from activity_log where company_id = $1 and details->>'id' = $2 order by created_at`, [companyId, e.id]);
    expect(audit.map((r) => r.action)).toEqual(['envelope_sent', 'envelope_cancelled']);
  });

  it('every endpoint: another company 404, a member without Jurídico 403', async () => {
    const e = await draftWithPdf(server, juridico);
    const other = (await newEnvelope()).body;
    const up = await upload(server, juridico.jar, `entityType=signature_envelope&entityId=${other.id}&kind=document`, await samplePdf(1), 'outro.pdf');
    await expectTenantIsolation(server, { owner: juridico, outsider, withoutPermission: vendas, secrets: [e.title, e.id] }, [
      { method: 'GET', path: `/api/assinaturas/envelopes/${e.id}` },
      { method: 'POST', path: `/api/assinaturas/envelopes/${other.id}/document`, body: { fileId: up.body.id } },
      { method: 'POST', path: `/api/assinaturas/envelopes/${e.id}/send` },
      { method: 'POST', path: `/api/assinaturas/envelopes/${e.id}/signers/${e.signers[0]!.id}/resend` },
      { method: 'POST', path: `/api/assinaturas/envelopes/${e.id}/cancel` },
    ]);
    const theirs = await call<{ envelopes: EnvelopeView[] }>('/api/assinaturas/envelopes', outsider);
    expect(theirs.body.envelopes.map((x) => x.id)).not.toContain(e.id);
    expect((await call('/api/assinaturas/envelopes', vendas)).status).toBe(403);
    expect((await call('/api/assinaturas/envelopes', vendas, 'POST', envelopeInput())).status).toBe(403);
  });
});
