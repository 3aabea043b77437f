import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@sede/db/client';
import type { EnvelopeList, EnvelopeView } from '@sede/shared/esign/schemas';
import { queueSealing, wakeSealing } from '../../src/modules/esign/sealing-job.ts';
import { systemTenant, tenantTransaction } from '../../src/platform/tenant.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { caller, codeFromMail, draftWithPdf, tokenFromMail, untilSealed } from './support.ts';

/** A failed seal started again from the envelope's page (decision 0721); seals running side by side never seal twice (decision 0720). */
let server: TestServer;
let call: ReturnType<typeof caller>;
let companyId: string;
let juridico: Person;
let vendas: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Selagem de Novo Ltda');
  companyId = a.companyId;
  juridico = await memberOf(server, companyId, 'juridico');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Selagem Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;
const unique = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const retry = (id: string, who: Person = juridico) => call<EnvelopeView>(`/api/assinaturas/envelopes/${id}/sealing/retry`, who, 'POST');

/** An envelope sent to one signer who confirmed the code: the next call signs it. */
async function readyToSign() {
  const email = unique('lia');
  const e = await draftWithPdf(server, juridico, { signingOrder: 'simultanea', signers: [{ name: 'Lia Souza', email, role: 'assinar' }] });
  expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
  const token = await tokenFromMail(server, email);
  expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
  expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, email) })).status).toBe(200);
  return { id: e.id, documentFileId: e.documentFileId!, token, email };
}
const sign = (token: string) => call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Lia Souza' } });

/** The original's bytes out of reach (a disk that lost them): the seal fails with a message, without retries. */
const hideOriginal = (fileId: string) => sql(server, "UPDATE files SET storage_key = storage_key || '.fora' WHERE id = $1", [fileId]);
const restoreOriginal = (fileId: string) => sql(server, "UPDATE files SET storage_key = left(storage_key, -5) WHERE id = $1 AND storage_key LIKE '%.fora'", [fileId]);

async function sealedOnce(id: string, email: string) {
  expect(await sql(server, "SELECT id FROM files WHERE entity_type = 'signature_envelope' AND entity_id = $1 AND name LIKE '%assinado.pdf'", [id])).toHaveLength(1);
  expect(await sql(server, "SELECT id FROM signature_events WHERE envelope_id = $1 AND kind = 'completed'", [id])).toHaveLength(1);
  const res = await server.request(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: Array<{ subject: string }> };
  expect(messages.filter((m) => m.subject.includes('Documento assinado'))).toHaveLength(1);
}

describe('a failed seal, tried again', () => {
  it('the envelope shows the failure; its sender starts the seal again and it is sealed once', async () => {
    const { id, documentFileId, token, email } = await readyToSign();
    await hideOriginal(documentFileId);
    expect((await sign(token)).status).toBe(200);
    const failed = await untilSealed(server, juridico, id);
    expect(failed).toMatchObject({ status: 'finalizando', sealingFailed: true, sealing: { status: 'failed', error: 'O documento original do envelope não foi encontrado.' } });
    const failedRun = failed.sealing!.jobId;
    // The envelopes list says it too (decision 0754), not only the envelope's page.
    const listed = async () => (await call<EnvelopeList>('/api/assinaturas/envelopes', juridico, 'GET')).body.envelopes.find((e) => e.id === id);
    expect(await listed()).toMatchObject({ status: 'finalizando', sealingFailed: true });

    await restoreOriginal(documentFileId);
    const retried = await retry(id);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('finalizando');
    expect(retried.body.sealing?.jobId).not.toBe(failedRun);
    expect(['queued', 'running', 'done']).toContain(retried.body.sealing?.status);

    const done = await untilSealed(server, juridico, id);
    expect(done).toMatchObject({ status: 'assinado', sealingFailed: false, sealing: { status: 'done' } });
    expect(await listed()).toMatchObject({ status: 'assinado', sealingFailed: false });
    await sealedOnce(id, email);
    expect(await retry(id)).toMatchObject({ status: 409, body: { code: 'SEALING_NOT_FAILED', error: 'Só a finalização de um envelope que falhou pode ser tentada de novo.' } });
    const audit = await sql(server, "SELECT action FROM activity_log WHERE company_id = $1 AND details->>'id' = $2 AND action = 'envelope_sealing_retried'", [companyId, id]);
    expect(audit).toHaveLength(1);
  });

  it('only a failed seal can be tried again: a draft, a sent envelope and one whose run is on its way answer 409', async () => {
    const draft = await draftWithPdf(server, juridico);
    expect(await retry(draft.id)).toMatchObject({ status: 409, body: { code: 'SEALING_NOT_FAILED' } });
    const { id } = await readyToSign();
    expect(await retry(id)).toMatchObject({ status: 409, body: { code: 'SEALING_NOT_FAILED' } });
    const [run] = await sql(server, "INSERT INTO job_runs (company_id, kind, status) VALUES ($1, 'esign.seal', 'running') RETURNING id", [companyId]);
    await sql(server, "UPDATE signature_envelopes SET status = 'finalizando', sealing_run_id = $2 WHERE id = $1", [id, run!.id]);
    expect(await retry(id)).toMatchObject({ status: 409, body: { code: 'SEALING_NOT_FAILED' } });
    expect((await retry('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await retry('nao-e-um-id')).status).toBe(404);
  });

  it('another company gets 404, a member without Jurídico 403; the sender retries', async () => {
    const { id, documentFileId, token } = await readyToSign();
    await hideOriginal(documentFileId);
    expect((await sign(token)).status).toBe(200);
    expect((await untilSealed(server, juridico, id)).sealing?.status).toBe('failed');
    await restoreOriginal(documentFileId);
    await expectTenantIsolation(server, { owner: juridico, outsider, withoutPermission: vendas, secrets: [id] }, [{ method: 'POST', path: `/api/assinaturas/envelopes/${id}/sealing/retry` }]);
    expect((await untilSealed(server, juridico, id)).status).toBe('assinado');
  });
});

describe('seals side by side', () => {
  it('two runs of the same envelope taken by two workers at once seal it once and mail once', async () => {
    const { id, token, email } = await readyToSign();
    expect((await sign(token)).status).toBe(200);
    // A duplicate run queued beside the worker's own, as a retry after a lost acknowledgement would: both workers take one.
    const tenant = systemTenant(server.services, companyId, 'job');
    await tenantTransaction(tenant, async (t) => {
      const [row] = await t.db.select().from(schema.signatureEnvelopes).where(eq(schema.signatureEnvelopes.id, id));
      await queueSealing(server.services, t, row!);
    });
    wakeSealing(server.services);
    await untilSealed(server, juridico, id);
    const runsOf = () => sql(server, "SELECT status FROM job_runs WHERE company_id = $1 AND kind = 'esign.seal' AND id IN (SELECT (data->>'runId')::uuid FROM pgboss.job WHERE name = 'job_esign_seal' AND data->'input'->>'envelopeId' = $2)", [companyId, id]);
    for (let i = 0; i < 100 && (await runsOf()).some((r) => r.status !== 'done'); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await runsOf()).map((r) => r.status)).toEqual(['done', 'done']);
    await sealedOnce(id, email);
  });

  it('many envelopes finishing together are all sealed once, more than one at a time', async () => {
    const ready = await Promise.all(Array.from({ length: 6 }, () => readyToSign()));
    expect((await Promise.all(ready.map((r) => sign(r.token)))).map((a) => a.status)).toEqual(Array(6).fill(200));
    for (const r of ready) expect((await untilSealed(server, juridico, r.id)).status).toBe('assinado');
    for (const r of ready) await sealedOnce(r.id, r.email);
    // Two runs overlapped: one started before another ended (the worker slots of decision 0720).
    const spans = await sql(server, "SELECT started_on, completed_on FROM pgboss.job WHERE name = 'job_esign_seal' AND data->'input'->>'envelopeId' = any($1::text[]) ORDER BY started_on", [ready.map((r) => r.id)]);
    const overlapped = spans.some((a, i) => spans.slice(i + 1).some((b) => (b.started_on as Date) < (a.completed_on as Date)));
    expect(overlapped).toBe(true);
  });
});
