import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldInput } from '@sede/shared/esign/fields';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { recordStatements, type SeenStatements } from '../support/statements.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { caller, codeFromMail, draftWithPdf, tokenFromMail } from './support.ts';

/**
 * What one signature costs the database (decision 0720): the statements of a sign request are
 * counted on the server's pool, and their number does not grow with the signer's fields nor with
 * the envelope's other signers.
 */
let server: TestServer;
let call: ReturnType<typeof caller>;
let juridico: Person;
const seen: SeenStatements = { on: false, statements: [] };

/** The signing's own statements among the request's (support/statements.ts counts no schedule's): the per-address rate limit is the router's. */
const signing = (texts: string[]) => texts.filter((t) => /signature_|^\s*(BEGIN|COMMIT)|pg_notify|job_runs|pgboss/i.test(t) && !/rate_limits/.test(t));

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  const a = await createCompanyWithAdmin(server, 'Consultas por Assinatura Ltda');
  juridico = await memberOf(server, a.companyId, 'juridico');
  recordStatements(server, seen);
});
afterAll(async () => {
  await server?.stop();
});

const unique = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
const pub = (token: string, rest = '') => `/api/public/assinaturas/sign/${token}${rest}`;

/** An envelope of `signers` people (all at once) with `fields` text fields for the first; the statements of the first one's sign request. */
async function statementsOfOneSignature(signers: number, fields: number) {
  const emails = Array.from({ length: signers }, (_, i) => unique(`p${i}`));
  const e = await draftWithPdf(server, juridico, { signingOrder: 'simultanea', signers: emails.map((email, i) => ({ name: `Pessoa ${i + 1}`, email, role: 'assinar' as const })) });
  const placed: FieldInput[] = Array.from({ length: fields }, (_, i) => ({ signerId: e.signers[0]!.id, type: 'texto', page: 1, x: 0.1, y: 0.05 + i * 0.06, w: 0.3, h: 0.04, label: `Campo ${i + 1}` }));
  expect((await call(`/api/assinaturas/envelopes/${e.id}/fields`, juridico, 'PUT', { fields: placed })).status).toBe(200);
  expect((await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
  const token = await tokenFromMail(server, emails[0]!);
  expect((await call(pub(token, '/code'), null, 'POST')).status).toBe(200);
  expect((await call(pub(token, '/code/confirm'), null, 'POST', { code: await codeFromMail(server, emails[0]!) })).status).toBe(200);
  const mine = (await call<{ fields: { id: string }[] }>(pub(token), null)).body.fields;
  seen.statements = [];
  seen.on = true;
  const res = await call(pub(token, '/sign'), null, 'POST', { accept: true, signature: { kind: 'typed', text: 'Pessoa 1' }, fields: mine.map((f, i) => ({ id: f.id, value: `valor ${i + 1}` })) });
  seen.on = false;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return signing(seen.statements.map((s) => s.text));
}

describe('a sign request’s statements', () => {
  it('are few, and as many with 1 field and 1 signer as with 12 fields and 8 signers', async () => {
    const small = await statementsOfOneSignature(2, 1);
    const large = await statementsOfOneSignature(8, 12);
    console.info(`[sign-queries] statements of a sign request: ${small.length} (2 signers, 1 field), ${large.length} (8 signers, 12 fields)`);
    expect(large.length).toBe(small.length);
    expect(small.length).toBeLessThanOrEqual(12);
  });

  it('the first view moves the signer and the envelope, writes its evidence and is announced, in one statement; a second view changes nothing', async () => {
    const email = unique('vera');
    const e = await draftWithPdf(server, juridico, { signingOrder: 'simultanea', signers: [{ name: 'Vera Lima', email, role: 'assinar' }] });
    expect((await call(`/api/assinaturas/envelopes/${e.id}/send`, juridico, 'POST')).status).toBe(200);
    const token = await tokenFromMail(server, email);
    const heard: string[] = [];
    const stop = server.services.feed.subscribe((c) => {
      if (c.t === 'entity' && c.id === e.id) heard.push(c.action ?? '');
    });
    try {
      seen.statements = [];
      seen.on = true;
      expect((await call(pub(token), null)).status).toBe(200);
      seen.on = false;
      const writes = signing(seen.statements.map((s) => s.text)).filter((t) => /^\s*(with|update|insert|begin)/i.test(t));
      expect(writes, JSON.stringify(writes.map((t) => t.slice(0, 90)))).toHaveLength(1);
      expect((await call(pub(token), null)).status).toBe(200);
      const viewed = await call<EnvelopeView>(`/api/assinaturas/envelopes/${e.id}`, juridico);
      expect(viewed.body.status).toBe('visualizado');
      expect(viewed.body.signers[0]!.status).toBe('visualizado');
      expect(viewed.body.events.map((x) => x.kind)).toEqual(['created', 'sent', 'viewed']);
      expect(viewed.body.events[2]).toMatchObject({ signerName: 'Vera Lima', ip: expect.any(String), documentSha256: e.documentSha256 });
      for (let i = 0; i < 50 && !heard.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['updated']);
    } finally {
      stop();
    }
  });
});
