import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCertificate } from '../../src/platform/certificates/store.ts';
import { sendCertificateExpiryAlerts } from '../../src/platform/certificates/expiry-alerts.ts';
import { systemTenant } from '../../src/platform/tenant.ts';
import { manualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { companyCnpj, makeA1, uploadCertificate } from './support.ts';

const DAY = 86_400_000;
const clock = manualClock();
let server: TestServer;
let companyId: string;
let cnpj: string;
let admin: Person;
let fin: Person;
let vendas: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Empresa Certificada'));
  cnpj = await companyCnpj(server, companyId);
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const getCertificate = async (who: Person) => {
  const res = await server.request('/api/finance/nfse/certificate', { jar: who.jar });
  return { status: res.status, body: (await res.json()) as { certificate: Record<string, unknown> | null } };
};

describe('the company A1 certificate', () => {
  it('refuses a wrong password, an expired certificate, another company and a file that is not a PFX, in Portuguese', async () => {
    const good = makeA1({ cnpj });
    const wrong = await uploadCertificate(server, fin, { pfx: good.pfx, password: 'outra-senha' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'CERTIFICATE_INVALID', error: expect.stringContaining('Senha do certificado incorreta') } });
    const expired = await uploadCertificate(server, fin, makeA1({ cnpj, notBefore: new Date(clock.now() - 400 * DAY), notAfter: new Date(clock.now() - DAY) }));
    expect(expired).toMatchObject({ status: 400, body: { code: 'CERTIFICATE_EXPIRED', error: expect.stringContaining('venceu em') } });
    const foreign = await uploadCertificate(server, fin, makeA1({ cnpj: '99888777000166' }));
    expect(foreign).toMatchObject({ status: 400, body: { code: 'CERTIFICATE_OTHER_COMPANY', error: expect.stringContaining('99.888.777/0001-66') } });
    const notCnpj = await uploadCertificate(server, fin, makeA1({ cnpj: null }));
    expect(notCnpj).toMatchObject({ status: 400, body: { code: 'CERTIFICATE_NOT_CNPJ' } });
    const garbage = await uploadCertificate(server, fin, { pfx: Buffer.from('isto não é um certificado'), password: 'x' });
    expect(garbage).toMatchObject({ status: 400, body: { error: expect.stringContaining('Não foi possível ler') } });
    const noKey = await uploadCertificate(server, fin, makeA1({ cnpj, withKey: false }));
    expect(noKey).toMatchObject({ status: 400, body: { error: expect.stringContaining('chave privada') } });
    const huge = await uploadCertificate(server, fin, { pfx: Buffer.alloc(70 * 1024, 1), password: 'x' });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toContain('64 KB');
    expect((await getCertificate(fin)).body.certificate).toBeNull();
  });

  it('stores an e-CNPJ encrypted, shows subject, CNPJ, issuer and validity, and hands key + chain to modules', async () => {
    const cert = makeA1({ cnpj: `${cnpj.slice(0, 8)}000299`, name: 'EMPRESA CERTIFICADA FILIAL', cnInName: false, password: 'segredo-da-empresa', notAfter: new Date(clock.now() + 365 * DAY + 60_000) });
    const res = await uploadCertificate(server, fin, cert);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ cnpj: `${cnpj.slice(0, 8)}000299`, subject: expect.stringContaining('CN=EMPRESA CERTIFICADA FILIAL'), issuer: expect.stringContaining('AC Teste Sede'), daysLeft: 365 });
    expect((await getCertificate(vendas)).status).toBe(403);
    expect((await getCertificate(outsider)).body.certificate).toBeNull();
    const [row] = await sql(server, 'select pfx_encrypted, password_encrypted from company_certificates where company_id = $1', [companyId]);
    expect(row!.password_encrypted).not.toContain('segredo');
    expect(row!.pfx_encrypted).not.toContain(cert.pfx.toString('base64').slice(0, 40));
    const loaded = await companyCertificate(server.services, systemTenant(server.services, companyId, 'job'));
    expect(loaded!.certificatePem).toBe(cert.certificatePem);
    expect(loaded!.privateKeyPem).toContain('BEGIN RSA PRIVATE KEY');
    expect(await companyCertificate(server.services, systemTenant(server.services, (await createCompanyWithAdmin(server)).companyId, 'job'))).toBeNull();
  });

  it('refuses uploads from a member without finance.write and answers 401 to nobody', async () => {
    expect((await uploadCertificate(server, vendas, makeA1({ cnpj }))).status).toBe(403);
    expect((await server.request('/api/finance/nfse/certificate', { method: 'DELETE', jar: vendas.jar })).status).toBe(403);
    expect((await server.request('/api/finance/nfse/certificate')).status).toBe(401);
  });

  it('alerts the members who keep the money once, 30 days before expiry', async () => {
    const res = await uploadCertificate(server, admin, makeA1({ cnpj, notAfter: new Date(clock.now() + 45 * DAY) }));
    expect(res.status).toBe(201);
    const alerts = async (userId: string) => (await sql(server, `select title from notifications where user_id = $1 and title like '%certificado digital%'`, [userId])).length;
    await sendCertificateExpiryAlerts(server.services);
    expect(await alerts(fin.userId)).toBe(0);
    clock.advance(16 * DAY);
    expect(await sendCertificateExpiryAlerts(server.services)).toBeGreaterThanOrEqual(1);
    expect(await sendCertificateExpiryAlerts(server.services)).toBe(0);
    expect(await alerts(fin.userId)).toBe(1);
    expect(await alerts(admin.userId)).toBe(1);
    expect(await alerts(vendas.userId)).toBe(0);
  });

  it('removes the certificate', async () => {
    const res = await server.request('/api/finance/nfse/certificate', { method: 'DELETE', jar: fin.jar });
    expect(res.status).toBe(200);
    expect((await getCertificate(fin)).body.certificate).toBeNull();
  });
});
