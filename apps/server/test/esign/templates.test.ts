import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldInput, FieldView } from '@sede/shared/esign/fields';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import type { TemplateSummary, TemplateView } from '@sede/shared/esign/templates';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { upload } from '../files/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { caller, draftWithPdf, samplePdf } from './support.ts';

let server: TestServer;
let call: ReturnType<typeof caller>;
let juridico: Person;
let vendas: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Modelos de Envelope Ltda');
  juridico = await memberOf(server, a.companyId, 'juridico');
  vendas = await memberOf(server, a.companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Modelos Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const unique = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const base = '/api/assinaturas/templates';

/** A draft of three pages (contratante, testemunha, cópia) with fields for the first two, saved as a template. */
async function savedTemplate(name = 'Contrato de prestação') {
  const e = await draftWithPdf(
    server,
    juridico,
    {
      title: 'Contrato de prestação de serviços',
      signingOrder: 'sequencial',
      remindEveryDays: 5,
      signers: [
        { name: 'Cliente Exemplo', email: unique('cliente'), role: 'assinar' },
        { name: 'Testemunha Exemplo', email: unique('testemunha'), role: 'testemunha' },
        { name: 'Arquivo', email: unique('arquivo'), role: 'receber_copia' },
      ],
    },
    await samplePdf(3),
  );
  const [c, t] = [e.signers[0]!.id, e.signers[1]!.id];
  const fields: FieldInput[] = [
    { signerId: c, type: 'assinatura', page: 3, x: 0.1, y: 0.8, w: 0.3, h: 0.06 },
    { signerId: c, type: 'rubrica', page: 1, x: 0.85, y: 0.9, w: 0.1, h: 0.04, allPages: true },
    { signerId: t, type: 'assinatura', page: 3, x: 0.55, y: 0.8, w: 0.35, h: 0.08, label: 'Testemunha' },
  ];
  expect((await call(`/api/assinaturas/envelopes/${e.id}/fields`, juridico, 'PUT', { fields })).status).toBe(200);
  const saved = await call<TemplateView>(base, juridico, 'POST', { envelopeId: e.id, name, slots: ['Contratante', 'Testemunha 1', 'Arquivo'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return { envelope: e, template: saved.body };
}

const fillSlots = (t: TemplateView) => t.slots.map((slot, i) => ({ slotId: slot.id, name: `${slot.label} Pessoa`, email: unique(`papel${i}`), cpf: i === 0 ? '529.982.247-25' : null }));

describe('envelope templates', () => {
  it('saves an envelope as a template (PDF copied, roles in order, fields per role) and makes envelopes from it with the fields copied', async () => {
    const { envelope, template } = await savedTemplate();
    expect(template).toMatchObject({ name: 'Contrato de prestação', title: 'Contrato de prestação de serviços', signingOrder: 'sequencial', expiresInDays: 10, remindEveryDays: 5, documentPages: 3, documentName: 'contrato.pdf', fieldsCount: 3 });
    expect(template.slots.map((x) => [x.label, x.role])).toEqual([
      ['Contratante', 'assinar'],
      ['Testemunha 1', 'testemunha'],
      ['Arquivo', 'receber_copia'],
    ]);
    // The template's PDF is its own file, not the envelope's.
    expect(template.documentFileId).not.toBe(envelope.documentFileId);
    const pdf = await server.request(`/api/files/${template.documentFileId}/content`, { jar: juridico.jar });
    expect(pdf.status).toBe(200);
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect(template.fields.map((f) => [template.slots.findIndex((x) => x.id === f.signerId), f.type, f.page, f.w, f.allPages, f.label])).toEqual([
      [0, 'assinatura', 3, 0.3, false, null],
      [0, 'rubrica', 1, 0.1, true, null],
      [1, 'assinatura', 3, 0.35, false, 'Testemunha'],
    ]);

    const list = await call<{ templates: TemplateSummary[] }>(base, juridico);
    expect(list.body.templates.map((x) => x.id)).toContain(template.id);

    const used = await call<EnvelopeView>(`${base}/${template.id}/envelopes`, juridico, 'POST', { signers: fillSlots(template) });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const e = used.body;
    expect(e).toMatchObject({ status: 'rascunho', title: 'Contrato de prestação de serviços', signingOrder: 'sequencial', remindEveryDays: 5, documentPages: 3, expiresOn: addDays(todayInBrazil(), 10), documentSha256: envelope.documentSha256 });
    expect(e.signers.map((x) => [x.name, x.role, x.cpf])).toEqual([
      ['Contratante Pessoa', 'assinar', '52998224725'],
      ['Testemunha 1 Pessoa', 'testemunha', null],
      ['Arquivo Pessoa', 'receber_copia', null],
    ]);
    expect(e.fields.map((f) => [e.signers.findIndex((x) => x.id === f.signerId), f.type, f.page, f.x, f.y, f.w, f.h, f.allPages])).toEqual([
      [0, 'assinatura', 3, 0.1, 0.8, 0.3, 0.06, false],
      [0, 'rubrica', 1, 0.85, 0.9, 0.1, 0.04, true],
      [1, 'assinatura', 3, 0.55, 0.8, 0.35, 0.08, false],
    ]);
    // The envelope made from it sends as any other.
    expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
  });

  it('takes another PDF with as many pages for an envelope made from it, and refuses one with other pages (fields kept)', async () => {
    const { template } = await savedTemplate('Outro PDF');
    const e = (await call<EnvelopeView>(`${base}/${template.id}/envelopes`, juridico, 'POST', { title: 'Contrato da Padaria', signers: fillSlots(template) })).body;
    const attach = async (pages: number) => {
      const up = await upload(server, juridico.jar, `entityType=signature_envelope&entityId=${e.id}&kind=document`, await samplePdf(pages, 'Outro'), `outro-${pages}.pdf`);
      return call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}/document`, juridico, 'POST', { fileId: up.body.id });
    };
    expect(await attach(2)).toMatchObject({ status: 400, body: { code: 'PAGES_DIFFER', error: expect.stringContaining('O PDF novo precisa ter 3 páginas') } });
    const ok = await attach(3);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Contrato da Padaria', documentName: 'outro-3.pdf', documentPages: 3 });
    expect(ok.body.fields).toHaveLength(3);
  });

  it('edits settings and roles, places the fields again, archives; bad input answers 400 in Portuguese', async () => {
    const { template } = await savedTemplate('Para editar');
    const [c, t, copy] = template.slots;
    const patched = await call<TemplateView>(`${base}/${template.id}`, juridico, 'PATCH', {
      name: 'Editado',
      message: 'Assine, por favor.',
      expiresInDays: 20,
      remindEveryDays: null,
      signingOrder: 'simultanea',
      slots: [{ ...t!, label: 'Testemunha' }, c, copy],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Editado', message: 'Assine, por favor.', expiresInDays: 20, remindEveryDays: null, signingOrder: 'simultanea' });
    expect(patched.body.slots.map((x) => x.label)).toEqual(['Testemunha', 'Contratante', 'Arquivo']);

    const bad: [object, string][] = [
      [{ name: '  ' }, 'Dê um nome ao modelo.'],
      [{ expiresInDays: 0 }, 'O prazo para assinar deve ser de 1 a 365 dias.'],
      [{ remindEveryDays: 31 }, 'Lembretes: escolha de 1 a 30 dias, ou nenhum lembrete.'],
      [{ slots: [c, t] }, 'Os papéis do modelo não podem ser acrescentados nem removidos aqui: mude só o nome, o papel ou a ordem.'],
      [{ slots: [{ ...c!, role: 'receber_copia' }, t, copy] }, 'Este papel tem campos no documento: remova-os antes de deixá-lo só para receber cópia.'],
      [{ slots: [{ ...c!, label: 'Testemunha 1' }, t, copy] }, 'Dois papéis têm o mesmo nome: diferencie-os (ex.: Testemunha 1 e Testemunha 2).'],
    ];
    for (const [body, error] of bad) expect(await call(`${base}/${template.id}`, juridico, 'PATCH', body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });

    // Fields of the template: by role, inside the page, on its pages, never for the copy's role.
    const put = (fields: unknown[]) => call<{ fields: FieldView[] }>(`${base}/${template.id}/fields`, juridico, 'PUT', { fields });
    const ok = { signerId: t!.id, type: 'assinatura', page: 2, x: 0.2, y: 0.2, w: 0.4, h: 0.1 };
    expect((await put([ok])).body.fields).toHaveLength(1);
    expect(await put([{ ...ok, x: 0.7 }])).toMatchObject({ status: 400, body: { error: 'Um campo está fora da página: arraste-o para dentro do documento.' } });
    expect(await put([{ ...ok, page: 4 }])).toMatchObject({ status: 400, body: { code: 'FIELD_PAGE' } });
    expect(await put([{ ...ok, signerId: copy!.id }])).toMatchObject({ status: 400, body: { code: 'UNKNOWN_SIGNER' } });
    expect((await call<TemplateView>(`${base}/${template.id}`, juridico)).body.fields.map((f) => [f.signerId, f.w])).toEqual([[t!.id, 0.4]]);

    // Using it: every role filled once, valid e-mails and CPFs.
    const use = (signers: unknown) => call(`${base}/${template.id}/envelopes`, juridico, 'POST', { signers });
    const filled = fillSlots(patched.body);
    expect(await use(filled.slice(1))).toMatchObject({ status: 400, body: { code: 'SLOTS_MISSING', error: 'Preencha nome e e-mail de cada papel do modelo.' } });
    expect(await use([filled[0], filled[0], filled[2]])).toMatchObject({ status: 400, body: { code: 'SLOTS_MISSING' } });
    expect(await use([{ ...filled[0], cpf: '111.111.111-12' }, filled[1], filled[2]])).toMatchObject({ status: 400, body: { error: 'CPF inválido: confira os dígitos.' } });
    expect(await use([{ ...filled[0], email: filled[1]!.email }, filled[1], filled[2]])).toMatchObject({ status: 400, body: { error: 'O mesmo e-mail aparece duas vezes entre os signatários.' } });
    expect(await call(base, juridico, 'POST', { envelopeId: template.id, name: 'x', slots: ['a'] })).toMatchObject({ status: 404, body: { error: 'Envelope não encontrado.' } });

    // Archived: gone from the list, 404 after; envelopes made from it stay.
    const made = (await use(filled)).body as EnvelopeView;
    expect(await call(`${base}/${template.id}`, juridico, 'DELETE')).toMatchObject({ status: 200, body: { archived: true } });
    expect((await call<{ templates: TemplateSummary[] }>(base, juridico)).body.templates.map((x) => x.id)).not.toContain(template.id);
    expect(await call(`${base}/${template.id}`, juridico)).toMatchObject({ status: 404, body: { error: 'Modelo não encontrado.' } });
    expect((await use(filled)).status).toBe(404);
    expect((await call(`/api/assinaturas/envelopes/${made.id}`, juridico)).status).toBe(200);
    expect(await call(`${base}/nao-e-um-id`, juridico)).toMatchObject({ status: 404, body: { error: 'Modelo não encontrado.' } });
  });

  it('refuses saving an envelope without a PDF, or with a name per signer missing', async () => {
    const draft = await call<EnvelopeView>('/api/assinaturas/envelopes', juridico, 'POST', { title: 'Sem PDF', expiresOn: addDays(todayInBrazil(), 5), signers: [{ name: 'A', email: unique('a'), role: 'assinar' }] });
    expect(await call(base, juridico, 'POST', { envelopeId: draft.body.id, name: 'Sem PDF', slots: ['Contratante'] })).toMatchObject({ status: 400, body: { code: 'NO_DOCUMENT', error: 'Envie o PDF ao envelope antes de salvá-lo como modelo.' } });
    const e = await draftWithPdf(server, juridico, { signers: [{ name: 'A', email: unique('a'), role: 'assinar' }, { name: 'B', email: unique('b'), role: 'testemunha' }] });
    expect(await call(base, juridico, 'POST', { envelopeId: e.id, name: 'Um papel só', slots: ['Contratante'] })).toMatchObject({ status: 400, body: { code: 'SLOTS_COUNT' } });
    expect(await call(base, juridico, 'POST', { envelopeId: e.id, name: '', slots: ['A', 'B'] })).toMatchObject({ status: 400, body: { error: 'Dê um nome ao modelo.' } });
    expect(await call(base, juridico, 'POST', { envelopeId: e.id, name: 'Repetido', slots: ['Parte', 'parte'] })).toMatchObject({ status: 400, body: { error: 'Dois papéis têm o mesmo nome: diferencie-os (ex.: Testemunha 1 e Testemunha 2).' } });
  });

  it('starts a template from a PDF: roles first, then the PDF, the fields placed on it, then used', async () => {
    const blank = await call<TemplateView>(`${base}/blank`, juridico, 'POST', {
      name: 'Termo de confidencialidade',
      title: 'Termo de confidencialidade (NDA)',
      signingOrder: 'sequencial',
      slots: [
        { label: 'Colaborador', role: 'assinar' },
        { label: 'Gestor', role: 'aprovar' },
      ],
    });
    expect(blank.status, JSON.stringify(blank.body)).toBe(201);
    const t = blank.body;
    expect(t).toMatchObject({ documentFileId: null, documentPages: null, expiresInDays: 30, remindEveryDays: 3, fieldsCount: 0, signingOrder: 'sequencial' });
    const field = { signerId: t.slots[0]!.id, type: 'assinatura', page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.06 };
    expect(await call(`${base}/${t.id}/fields`, juridico, 'PUT', { fields: [field] })).toMatchObject({ status: 400, body: { code: 'NO_DOCUMENT', error: 'Envie o PDF do modelo antes de posicionar campos ou usá-lo.' } });
    expect(await call(`${base}/${t.id}/envelopes`, juridico, 'POST', { signers: fillSlots(t) })).toMatchObject({ status: 400, body: { code: 'NO_DOCUMENT' } });

    const attach = async (pdf: Buffer, name: string) => {
      const up = await upload(server, juridico.jar, `entityType=signature_template&entityId=${t.id}&kind=document`, pdf, name);
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      return call<TemplateView>(`${base}/${t.id}/document`, juridico, 'POST', { fileId: up.body.id });
    };
    expect(await attach(Buffer.from('%PDF-1.7\nquebrado'), 'nda.pdf')).toMatchObject({ status: 400, body: { code: 'PDF_BROKEN' } });
    const ok = await attach(await samplePdf(2, 'NDA'), 'nda.pdf');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ documentPages: 2, documentName: 'nda.pdf' });
    expect((await call(`${base}/${t.id}/fields`, juridico, 'PUT', { fields: [field, { ...field, signerId: t.slots[1]!.id, page: 2 }] })).status).toBe(200);
    expect(await attach(await samplePdf(3, 'NDA'), 'nda-3.pdf')).toMatchObject({ status: 400, body: { code: 'PAGES_DIFFER' } });

    const e = await call<EnvelopeView>(`${base}/${t.id}/envelopes`, juridico, 'POST', { signers: fillSlots(t) });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    expect(e.body).toMatchObject({ title: 'Termo de confidencialidade (NDA)', signingOrder: 'sequencial', documentPages: 2, expiresOn: addDays(todayInBrazil(), 30) });
    expect(e.body.fields.map((f) => [e.body.signers.findIndex((x) => x.id === f.signerId), f.page])).toEqual([
      [0, 1],
      [1, 2],
    ]);

    const bad: [object, string][] = [
      [{ name: 'X', title: 'X', slots: [] }, 'Adicione pelo menos uma pessoa que assine.'],
      [{ name: 'X', title: 'X', slots: [{ label: 'Cópia', role: 'receber_copia' }] }, 'Adicione pelo menos uma pessoa que assine.'],
      [{ name: 'X', title: '', slots: [{ label: 'A', role: 'assinar' }] }, 'Informe o título do envelope.'],
      [{ name: 'X', title: 'X', slots: [{ label: 'A', role: 'chefe' }] }, 'Papel do signatário inválido.'],
      [{ name: 'X', title: 'X', slots: [{ label: 'Parte', role: 'assinar' }, { label: 'PARTE', role: 'assinar' }] }, 'Dois papéis têm o mesmo nome: diferencie-os (ex.: Testemunha 1 e Testemunha 2).'],
    ];
    for (const [body, error] of bad) expect(await call(`${base}/blank`, juridico, 'POST', body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });
  });

  it('keeps templates to their company and to Jurídico', async () => {
    const { envelope, template } = await savedTemplate('Isolado');
    await expectTenantIsolation(server, { owner: juridico, outsider, withoutPermission: vendas, secrets: [template.id, template.name, template.slots[0]!.id] }, [
      { method: 'GET', path: `${base}/${template.id}` },
      { method: 'PATCH', path: `${base}/${template.id}`, body: { name: 'Isolado ainda' } },
      { method: 'PUT', path: `${base}/${template.id}/fields`, body: { fields: [] } },
      { method: 'POST', path: `${base}/${template.id}/envelopes`, body: { signers: fillSlots(template) }, ownerStatus: 201 },
      { method: 'POST', path: base, body: { envelopeId: envelope.id, name: 'Cópia isolada', slots: ['A', 'B', 'C'] }, ownerStatus: 201 },
      { method: 'POST', path: `${base}/${template.id}/document`, body: { fileId: template.documentFileId } },
      { method: 'GET', path: `/api/files/${template.documentFileId}/content` },
      { method: 'DELETE', path: `${base}/${template.id}` },
    ]);
    expect((await call<{ templates: TemplateSummary[] }>(base, outsider)).body.templates.map((x) => x.id)).not.toContain(template.id);
    expect((await call(base, vendas)).status).toBe(403);
    expect((await call(`${base}/blank`, vendas, 'POST', { name: 'X', title: 'X', slots: [{ label: 'A', role: 'assinar' }] })).status).toBe(403);
    expect((await call(`${base}/blank`, outsider, 'POST', { name: 'Outro', title: 'X', slots: [{ label: 'A', role: 'assinar' }] })).status).toBe(201);
  });
});
