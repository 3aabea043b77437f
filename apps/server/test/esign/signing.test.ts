import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeView, PublicSigningView, VerificationView } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { manualClock } from '../support/clock.ts';
import { latestMail, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { upload } from '../files/support.ts';
import { caller, codeFromMail, draftWithPdf, envelopeInput, samplePdf, tokenFromMail, untilSealed } from './support.ts';

let server: TestServer;
let call: ReturnType<typeof caller>;
let companyId: string;
let juridico: Person;
const clock = manualClock();
const UA = { 'user-agent': 'Mozilla/5.0 (iPhone; teste)' };

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Assinaturas Fluxo Ltda');
  companyId = a.companyId;
  juridico = await memberOf(server, companyId, 'juridico');
});
afterAll(async () => {
  await server?.stop();
});

const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;
async function sent(signers: { name: string; email: string; role: 'assinar' | 'aprovar' | 'testemunha' | 'receber_copia' }[], order: 'sequencial' | 'simultanea' = 'sequencial') {
  const e = await draftWithPdf(server, juridico, { signers, signingOrder: order, expiresOn: addDays(todayInBrazil(new Date(clock.now())), 10) });
  const res = await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST');
  expect(res.status).toBe(200);
  return res.body;
}
async function confirmByCode(token: string, email: string) {
  expect((await call(pub(token, '/code'), null, 'POST', undefined, UA)).status).toBe(200);
  const ok = await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, email) }, UA);
  expect(ok, JSON.stringify(ok.body)).toMatchObject({ status: 200, body: { confirmed: true } });
}
const envelope = async (id: string) => (await call<EnvelopeView>(`/api/assinaturas/envelopes/${id}`, juridico)).body;
const unique = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;

describe('signing by link', () => {
  it('two signers in order and a copy: view, code, sign; the sealed PDF is stored, mailed, verifiable; the sender is told', async () => {
    const [maria, jose, copia] = [unique('maria'), unique('jose'), unique('copia')];
    const e = await sent([
      { name: 'Maria Conceição', email: maria, role: 'assinar' },
      { name: 'José Araújo', email: jose, role: 'testemunha' },
      { name: 'Escritório', email: copia, role: 'receber_copia' },
    ]);
    const t1 = await tokenFromMail(server, maria);
    const view = await call<PublicSigningView>(pub(t1), null, 'GET', undefined, UA);
    expect(view.body).toMatchObject({ envelopeTitle: 'Contrato de limpeza', companyName: 'Assinaturas Fluxo Ltda', state: 'confirmar_codigo', documentPages: 2, signer: { name: 'Maria Conceição', role: 'assinar' } });
    expect(view.body.signer.email).not.toBe(maria);
    const doc = await server.request(pub(t1, '/document'));
    expect(doc.headers.get('content-type')).toBe('application/pdf');
    expect(createHash('sha256').update(Buffer.from(await doc.arrayBuffer())).digest('hex')).toBe(e.documentSha256);
    expect((await envelope(e.id)).status).toBe('visualizado');

    const early = await call(pub(t1, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Maria Conceição' } });
    expect(early).toMatchObject({ status: 403, body: { code: 'CODE_REQUIRED' } });
    await confirmByCode(t1, maria);
    const notAccepted = await call(pub(t1, '/sign'), null, 'POST', { accept: false, signature: { kind: 'typed', text: 'Maria' } });
    expect(notAccepted).toMatchObject({ status: 400, body: { error: 'Para assinar, confirme que leu e concorda com o documento.' } });
    expect((await call(pub(t1, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Maria Conceição' } }, UA)).status).toBe(200);
    const reused = await call(pub(t1, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Maria Conceição' } });
    expect(reused).toMatchObject({ status: 410, body: { code: 'LINK_USED' } });
    expect((await envelope(e.id)).status).toBe('parcialmente_assinado');

    // Now José's turn: his own link (Maria's token does not act for him).
    const t2 = await tokenFromMail(server, jose);
    expect(t2).not.toBe(t1);
    await call(pub(t2), null, 'GET', undefined, UA);
    await confirmByCode(t2, jose);
    const drawn = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect((await call(pub(t2, '/sign'), null, 'POST', { accept: true, signature: { kind: 'drawn', image: drawn } }, UA)).status).toBe(200);

    const done = await untilSealed(server, juridico, e.id);
    expect(done).toMatchObject({ status: 'assinado', signersDone: 2, signersTotal: 2 });
    expect(done.finalFileId).toBeTruthy();
    expect(done.verificationCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{2}$/);
    const kinds = done.events.map((x) => x.kind);
    expect(kinds).toEqual(['created', 'sent', 'viewed', 'code_sent', 'code_confirmed', 'signed', 'sent', 'viewed', 'code_sent', 'code_confirmed', 'signed', 'completed']);
    const signed = done.events.filter((x) => x.kind === 'signed');
    expect(signed.every((x) => x.ip && x.userAgent === UA['user-agent'] && x.documentSha256 === e.documentSha256)).toBe(true);

    const final = await server.request(`/api/files/${done.finalFileId}/content`, { jar: juridico.jar });
    const bytes = Buffer.from(await final.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(done.finalSha256);
    expect(bytes.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached');

    const byCode = await call<VerificationView>(`/api/public/assinaturas/verify/code/${done.verificationCode!.toLowerCase()}`, null);
    expect(byCode.body).toMatchObject({ intact: true, title: 'Contrato de limpeza', companyName: 'Assinaturas Fluxo Ltda', sha256: done.finalSha256 });
    expect(byCode.body.signers.map((x) => [x.name, x.role])).toEqual([['Maria Conceição', 'assinar'], ['José Araújo', 'testemunha']]);
    expect(JSON.stringify(byCode.body)).not.toContain(maria);
    const byHash = await call<VerificationView>(`/api/public/assinaturas/verify/sha256/${done.finalSha256}`, null);
    expect(byHash.body).toMatchObject({ intact: true, code: done.verificationCode });
    const changed = Buffer.from(bytes);
    changed[100] = changed[100]! ^ 1;
    const other = await call(`/api/public/assinaturas/verify/sha256/${createHash('sha256').update(changed).digest('hex')}`, null);
    expect(other).toMatchObject({ status: 404, body: { error: 'Nenhum documento assinado no Sede corresponde a este código ou arquivo.' } });

    const copyMail = await latestMail(server, copia, 'Documento assinado');
    expect(copyMail.text).toContain(done.verificationCode);
    expect(copyMail.text).toMatch(/Anexos: Contrato de limpeza - assinado\.pdf/);
    const notes = await sql(server, `select title from notifications where company_id = $1 and user_id = $2`, [companyId, juridico.userId]);
    expect(notes.map((n) => n.title)).toContain('Documento assinado: Contrato de limpeza');

    // A signed document never changes: cancelling is refused; the stored bytes still verify.
    expect((await call(`/api/assinaturas/envelopes/${e.id}/cancel`, juridico, 'POST')).status).toBe(409);
    const signedView = await call<PublicSigningView>(pub(t2), null);
    expect(signedView.body).toMatchObject({ state: 'assinado', verificationCode: done.verificationCode });
  });

  it('a wrong code five times locks the link; a resend opens a new one', async () => {
    const ana = unique('ana');
    const e = await sent([{ name: 'Ana', email: ana, role: 'assinar' }]);
    const token = await tokenFromMail(server, ana);
    await call(pub(token, '/code'), null, 'POST');
    const right = await codeFromMail(server, ana);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 4; i >= 1; i--) {
      const res = await call(pub(token, '/code/confirm'), null, 'POST', { code: wrong });
      expect(res).toMatchObject({ status: 400, body: { code: 'CODE_INVALID', attemptsLeft: i } });
    }
    expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: wrong })).body).toMatchObject({ code: 'LINK_LOCKED' });
    expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: right })).status).toBe(403);
    expect((await call<PublicSigningView>(pub(token), null)).body.state).toBe('bloqueado');
    await call(`/api/assinaturas/envelopes/${e.id}/signers/${e.signers[0]!.id}/resend`, juridico, 'POST');
    const fresh = await tokenFromMail(server, ana);
    expect((await call<PublicSigningView>(pub(fresh), null)).body.state).toBe('confirmar_codigo');
  });

  it('a code expires; expired, cancelled and refused envelopes refuse signing; a forged token is 404', async () => {
    const [bia, caio, dani] = [unique('bia'), unique('caio'), unique('dani')];
    const e1 = await sent([{ name: 'Bia', email: bia, role: 'assinar' }]);
    const t1 = await tokenFromMail(server, bia);
    await call(pub(t1, '/code'), null, 'POST');
    const code = await codeFromMail(server, bia);
    clock.advance(11 * 60_000);
    expect((await call(pub(t1, '/code/confirm'), null, 'POST', { code })).body).toMatchObject({ code: 'CODE_EXPIRED' });
    clock.advance(11 * 86_400_000);
    const expired = await call<PublicSigningView>(pub(t1), null);
    expect(expired.body).toMatchObject({ state: 'encerrado', stateMessage: 'Este envelope expirou e não pode mais ser assinado.' });
    expect((await call(pub(t1, '/code'), null, 'POST')).status).toBe(410);
    expect((await envelope(e1.id)).status).toBe('expirado');

    const e2 = await sent([{ name: 'Caio', email: caio, role: 'assinar' }], 'simultanea');
    const t2 = await tokenFromMail(server, caio);
    await call(`/api/assinaturas/envelopes/${e2.id}/cancel`, juridico, 'POST');
    expect((await call(pub(t2, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Caio' } })).body).toMatchObject({ code: 'ENVELOPE_CLOSED', error: 'Este envelope foi cancelado pelo remetente.' });

    const e3 = await sent([{ name: 'Dani', email: dani, role: 'aprovar' }], 'simultanea');
    const t3 = await tokenFromMail(server, dani);
    const tooShort = await call(pub(t3, '/refuse'), null, 'POST', { reason: 'x' });
    expect(tooShort).toMatchObject({ status: 400, body: { error: 'Conte o motivo da recusa (até 1.000 caracteres).' } });
    expect((await call(pub(t3, '/refuse'), null, 'POST', { reason: 'O valor está errado.' }, UA)).status).toBe(200);
    const refused = await envelope(e3.id);
    expect(refused).toMatchObject({ status: 'recusado', signers: [{ status: 'recusado', refusalReason: 'O valor está errado.' }] });
    const notes = await sql(server, `select title from notifications where company_id = $1 and user_id = $2`, [companyId, juridico.userId]);
    expect(notes.map((n) => n.title)).toContain('Assinatura recusada: Contrato de limpeza');
    expect((await call(pub(t3, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Dani' } })).status).toBe(410);

    expect((await call(pub('A'.repeat(43)), null)).status).toBe(404);
    expect((await call(pub('curto'), null)).status).toBe(404);
    expect((await call('/api/public/assinaturas/verify/code/NADA-NADA-NA', null)).status).toBe(404);
  });

  it("from a Jurídico contract: the sealed PDF is also stored with the contract", async () => {
    const fabio = unique('fabio');
    const contract = await call<{ id: string }>('/api/juridico/contracts', juridico, 'POST', { title: 'Locação da loja' });
    const up = await upload(server, juridico.jar, `entityType=contract&entityId=${contract.body.id}&kind=document`, await samplePdf(1, 'Locação'), 'locacao.pdf');
    const created = await call<EnvelopeView>('/api/assinaturas/envelopes', juridico, 'POST', envelopeInput({ title: 'Locação da loja', signers: [{ name: 'Fábio', email: fabio, role: 'assinar' }], expiresOn: addDays(todayInBrazil(new Date(clock.now())), 5), contract: { contractId: contract.body.id, fileId: up.body.id } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await call(`/api/assinaturas/envelopes/${created.body.id}/send`, juridico, 'POST');
    const token = await tokenFromMail(server, fabio);
    await confirmByCode(token, fabio);
    expect((await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Fábio' } })).status).toBe(200);
    const done = await untilSealed(server, juridico, created.body.id);
    expect(done.status).toBe('assinado');
    const files = await sql(server, `select name, sha256 from files where company_id = $1 and entity_type = 'contract' and entity_id = $2 and deleted_at is null order by created_at`, [companyId, contract.body.id]);
    expect(files.map((f) => f.name)).toEqual(['locacao.pdf', 'Locação da loja - assinado.pdf']);
    expect(files[1]!.sha256).toBe(done.finalSha256);
  });

  it('refuses a drawn signature that is not a PNG or too large', async () => {
    const eva = unique('eva');
    await sent([{ name: 'Eva', email: eva, role: 'assinar' }]);
    const token = await tokenFromMail(server, eva);
    await confirmByCode(token, eva);
    const notPng = await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'drawn', image: 'data:image/png;base64,AAAA' } });
    expect(notPng).toMatchObject({ status: 400, body: { code: 'SIGNATURE_INVALID' } });
    const huge = await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'drawn', image: `data:image/png;base64,${'A'.repeat(300_000)}` } });
    expect(huge.status).toBe(400);
    expect((await call<PublicSigningView>(pub(token), null)).body.state).toBe('assinar');
  });
});
