import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldInput, FieldView } from '@sede/shared/esign/fields';
import type { EnvelopeView, PublicSigningView } from '@sede/shared/esign/schemas';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { caller, codeFromMail, draftWithPdf, tokenFromMail, untilSealed } from './support.ts';

let server: TestServer;
let call: ReturnType<typeof caller>;
let juridico: Person;
let vendas: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Campos de Assinatura Ltda');
  juridico = await memberOf(server, a.companyId, 'juridico');
  vendas = await memberOf(server, a.companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Campos Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const unique = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;
const put = (id: string, fields: unknown[], who: Person = juridico) => call<{ fields: FieldView[] }>(`/api/assinaturas/envelopes/${id}/fields`, who, 'PUT', { fields });

async function twoSigners() {
  const [maria, jose] = [unique('maria'), unique('jose')];
  const e = await draftWithPdf(server, juridico, {
    signingOrder: 'simultanea',
    signers: [
      { name: 'Maria Conceição', email: maria, cpf: '529.982.247-25', role: 'assinar' },
      { name: 'José Araújo', email: jose, role: 'testemunha' },
      { name: 'Cópia', email: unique('copia'), role: 'receber_copia' },
    ],
  });
  return { e, maria, jose, m: e.signers[0]!.id, j: e.signers[1]!.id, copy: e.signers[2]!.id };
}

async function signAs(email: string, fields: { id: string; value: string }[] = [], text = 'Maria Conceição') {
  const token = await tokenFromMail(server, email);
  expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
  expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, email) })).status).toBe(200);
  return { token, res: await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text }, fields }) };
}

describe('fields on the document', () => {
  it('places fields per signer, shows each signer only theirs, takes their values and stamps them on the sealed PDF', async () => {
    const { e, maria, jose, m, j } = await twoSigners();
    const placed: FieldInput[] = [
      { signerId: m, type: 'assinatura', page: 2, x: 0.1, y: 0.8, w: 0.3, h: 0.06 },
      { signerId: m, type: 'rubrica', page: 1, x: 0.85, y: 0.9, w: 0.1, h: 0.04, allPages: true },
      { signerId: m, type: 'nome', page: 2, x: 0.1, y: 0.87, w: 0.3, h: 0.03 },
      { signerId: m, type: 'cpf', page: 2, x: 0.45, y: 0.87, w: 0.2, h: 0.03 },
      { signerId: m, type: 'data', page: 2, x: 0.7, y: 0.87, w: 0.16, h: 0.03 },
      { signerId: m, type: 'texto', page: 1, x: 0.1, y: 0.3, w: 0.5, h: 0.03, label: 'Cargo' },
      { signerId: m, type: 'checkbox', page: 1, x: 0.1, y: 0.4, w: 0.035, h: 0.025, label: 'Li as cláusulas' },
      { signerId: j, type: 'assinatura', page: 2, x: 0.55, y: 0.7, w: 0.3, h: 0.06 },
    ];
    const saved = await put(e.id, placed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.fields.map((f) => [f.type, f.page, f.allPages, f.required])).toEqual(placed.map((f) => [f.type, f.page, f.allPages ?? false, true]));
    // Saving again replaces the set (the editor saves it whole).
    expect((await put(e.id, placed)).body.fields).toHaveLength(8);
    expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}`, juridico)).body.fields).toHaveLength(8);

    expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
    // Sent: the fields are locked.
    expect(await put(e.id, placed)).toMatchObject({ status: 409, body: { code: 'FIELDS_LOCKED', error: 'Os campos não podem mais mudar: o envelope já foi enviado.' } });

    const mariaToken = await tokenFromMail(server, maria);
    const view = await call<PublicSigningView>(pub(mariaToken), null);
    expect(view.body.fields.map((f) => f.type)).toEqual(['assinatura', 'rubrica', 'nome', 'cpf', 'data', 'texto', 'checkbox']);
    const texto = view.body.fields.find((f) => f.type === 'texto')!.id;
    const box = view.body.fields.find((f) => f.type === 'checkbox')!.id;
    const joseField = (await call<PublicSigningView>(pub(await tokenFromMail(server, jose)), null)).body.fields[0]!.id;

    // Required fields empty, a field of another signer, a bad CPF: refused and nothing is signed.
    const token = mariaToken;
    expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
    expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, maria) })).status).toBe(200);
    const sign = (fields: { id: string; value: string }[]) => call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Maria Conceição' }, fields });
    expect(await sign([{ id: texto, value: 'Diretora' }])).toMatchObject({ status: 400, body: { code: 'FIELDS_REQUIRED', error: 'Preencha os campos pedidos no documento.' } });
    expect(await sign([{ id: texto, value: 'Diretora' }, { id: box, value: 'true' }, { id: joseField, value: 'x' }])).toMatchObject({ status: 400, body: { code: 'UNKNOWN_FIELD' } });
    const cpf = view.body.fields.find((f) => f.type === 'cpf')!.id;
    expect(await sign([{ id: texto, value: 'Diretora' }, { id: box, value: 'true' }, { id: cpf, value: '111.111.111-12' }])).toMatchObject({ status: 400, body: { code: 'FIELD_INVALID', error: 'CPF inválido: confira os dígitos.' } });
    expect((await call<PublicSigningView>(pub(token), null)).body.state).toBe('assinar');
    // The CPF comes from the signer when not typed.
    expect((await sign([{ id: texto, value: 'Diretora' }, { id: box, value: 'true' }])).status).toBe(200);

    const jose2 = await signAs(jose, [], 'José Araújo');
    expect(jose2.res.status).toBe(200);
    const done = await untilSealed(server, juridico, e.id);
    expect(done.status).toBe('assinado');
    expect(Object.fromEntries(done.fields.filter((f) => f.value).map((f) => [f.type, f.value]))).toMatchObject({ nome: 'Maria Conceição', cpf: '529.982.247-25', texto: 'Diretora', checkbox: 'true', data: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) });

    const final = await server.request(`/api/files/${done.finalFileId}/content`, { jar: juridico.jar });
    const pdf = await getDocumentProxy(new Uint8Array(await final.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: false });
    // Page 1: the text field and the rubrica (initials of the typed signature); page 2: signatures, name, CPF, date, and the rubrica again.
    expect(text[0]).toContain('Diretora');
    expect(text[0]).toMatch(/^MC$/m);
    expect(text[1]).toMatch(/^MC$/m);
    expect(text[1]).toContain('Maria Conceição');
    expect(text[1]).toContain('529.982.247-25');
    expect(text[1]).toContain('José Araújo');
    // The certificate page follows, unstamped.
    expect(text[2]).toContain('Certificado');
    expect(text[2]).not.toMatch(/^MC$/m);
  });

  it('refuses a field outside the page, on a page the PDF lacks, of an unknown signer or a copy recipient', async () => {
    const { e, m, copy } = await twoSigners();
    const ok = { signerId: m, type: 'assinatura', page: 1, x: 0.1, y: 0.1, w: 0.3, h: 0.06 };
    const cases: [object, number, string][] = [
      [{ x: 0.8 }, 400, 'Um campo está fora da página: arraste-o para dentro do documento.'],
      [{ y: -0.01 }, 400, 'Um campo está fora da página: arraste-o para dentro do documento.'],
      [{ y: 0.97 }, 400, 'Um campo está fora da página: arraste-o para dentro do documento.'],
      [{ page: 3 }, 400, 'Um campo está numa página que o documento não tem.'],
      [{ page: 0 }, 400, 'Um campo está numa página que o documento não tem.'],
      [{ signerId: '00000000-0000-4000-8000-000000000000' }, 400, 'Um campo é de um signatário que não está neste envelope (ou que só recebe cópia).'],
      [{ signerId: copy }, 400, 'Um campo é de um signatário que não está neste envelope (ou que só recebe cópia).'],
      [{ type: 'carimbo' }, 400, 'Tipo de campo inválido.'],
      [{ allPages: true }, 400, 'Só a rubrica pode ir em todas as páginas.'],
      [{ w: 0 }, 400, 'Um campo está pequeno demais.'],
    ];
    for (const [over, status, error] of cases) expect(await put(e.id, [{ ...ok, ...over }]), JSON.stringify(over)).toMatchObject({ status, body: { error } });
    expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}`, juridico)).body.fields).toEqual([]);
    expect((await put(e.id, Array.from({ length: 201 }, () => ok))).body.error).toBe('Um envelope pode ter no máximo 200 campos.');
  });

  it("is the sender's: another company 404, a member without Jurídico 403; another signer's token sees none of them", async () => {
    const { e, m, maria, jose } = await twoSigners();
    const fields = [{ signerId: m, type: 'assinatura', page: 1, x: 0.1, y: 0.1, w: 0.3, h: 0.06 }];
    await expectTenantIsolation(server, { owner: juridico, outsider, withoutPermission: vendas, secrets: [e.title, m] }, [{ method: 'PUT', path: `/api/assinaturas/envelopes/${e.id}/fields`, body: { fields } }]);
    expect((await put(e.id, fields)).status).toBe(200);
    expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
    expect((await call<PublicSigningView>(pub(await tokenFromMail(server, jose)), null)).body.fields).toEqual([]);
    expect((await call<PublicSigningView>(pub(await tokenFromMail(server, maria)), null)).body.fields).toHaveLength(1);
  });
});
