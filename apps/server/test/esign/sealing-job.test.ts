import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeView, PublicSigningView } from '@sede/shared/esign/schemas';
import { sealEnvelope } from '../../src/modules/esign/completion.ts';
import { systemTenant } from '../../src/platform/tenant.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { caller, codeFromMail, draftWithPdf, tokenFromMail, untilSealed } from './support.ts';

/** The seal is a job after the last signature (decision 0623): made once, told once. */
let server: TestServer;
let call: ReturnType<typeof caller>;
let companyId: string;
let juridico: Person;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Selagem Única Ltda');
  companyId = a.companyId;
  juridico = await memberOf(server, companyId, 'juridico');
});
afterAll(async () => {
  await server?.stop();
});

const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;
const unique = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;

async function readyToSign(emails: string[]) {
  const e = await draftWithPdf(server, juridico, { signingOrder: 'simultanea', signers: emails.map((email, i) => ({ name: `Pessoa ${i + 1}`, email, role: 'assinar' as const })) });
  expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
  const tokens: string[] = [];
  for (const email of emails) {
    const token = await tokenFromMail(server, email);
    expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
    expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, email) })).status).toBe(200);
    tokens.push(token);
  }
  return { id: e.id, tokens };
}
const sign = (token: string) => call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Pessoa' } });

async function sealedOnce(id: string, emails: string[]) {
  const finals = await sql(server, "SELECT id FROM files WHERE entity_type = 'signature_envelope' AND entity_id = $1 AND name LIKE '%assinado.pdf'", [id]);
  expect(finals).toHaveLength(1);
  const completed = await sql(server, "SELECT id FROM signature_events WHERE envelope_id = $1 AND kind = 'completed'", [id]);
  expect(completed).toHaveLength(1);
  const runs = await sql(server, "SELECT id FROM job_runs WHERE company_id = $1 AND kind = 'esign.seal' AND id = (SELECT sealing_run_id FROM signature_envelopes WHERE id = $2)", [companyId, id]);
  expect(runs).toHaveLength(1);
  for (const email of emails) {
    const res = await server.request(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: Array<{ subject: string }> };
    expect(messages.filter((m) => m.subject.includes('Documento assinado'))).toHaveLength(1);
  }
}

describe('sealing an envelope in a job', () => {
  it('the last signature answers before the seal; the signer reads it is being finalised; the sender follows the job', async () => {
    const email = unique('ana');
    const { id, tokens } = await readyToSign([email]);
    expect((await sign(tokens[0]!)).status).toBe(200);
    const view = (await call<PublicSigningView>(pub(tokens[0]!), null)).body;
    expect(view.state).toBe('assinado');
    const done = await untilSealed(server, juridico, id);
    expect(done).toMatchObject({ status: 'assinado', sealing: { status: 'done', stage: expect.any(String) } });
    expect(done.finalFileId).toBeTruthy();
    const runs = await call<{ jobs: { id: string; kind: string }[] }>('/api/jobs?kind=esign.seal', juridico);
    expect(runs.status).toBe(200);
    await sealedOnce(id, [email]);
  });

  it('seals once and mails once when the job runs twice, even at the same time, and after it finished', async () => {
    const email = unique('bia');
    const { id, tokens } = await readyToSign([email]);
    const tenant = systemTenant(server.services, companyId, 'job');
    expect((await sign(tokens[0]!)).status).toBe(200);
    // The worker's run and two more at once: one seals, the others find it sealed.
    await Promise.all([sealEnvelope(server.services, tenant, id), sealEnvelope(server.services, tenant, id)]);
    await untilSealed(server, juridico, id);
    await sealEnvelope(server.services, tenant, id);
    await sealedOnce(id, [email]);
  });

  it('two signers finishing together queue one seal', async () => {
    const emails = [unique('caio'), unique('dora')];
    const { id, tokens } = await readyToSign(emails);
    const answers = await Promise.all(tokens.map(sign));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const done = await untilSealed(server, juridico, id);
    expect(done.status).toBe('assinado');
    const queued = await sql(server, "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'job_esign_seal' AND data->'input'->>'envelopeId' = $1", [id]);
    expect(queued[0]!.n).toBe(1);
    await sealedOnce(id, emails);
  });

  it('a sealing envelope cannot be cancelled nor resent; another company does not see its progress', async () => {
    const email = unique('eva');
    const { id, tokens } = await readyToSign([email]);
    await sql(server, "UPDATE signature_envelopes SET status = 'finalizando' WHERE id = $1", [id]);
    expect((await call(`/api/assinaturas/envelopes/${id}/cancel`, juridico, 'POST')).status).toBe(409);
    expect((await sign(tokens[0]!)).status).toBe(410);
    const other = await createCompanyWithAdmin(server, 'Outra Selagem Ltda');
    expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${id}`, other.admin)).status).toBe(404);
  });
});
