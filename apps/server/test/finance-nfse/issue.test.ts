import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseInvoice } from '@sede/shared/finance/nfse';
import { verifyXmlSignature } from '../../src/platform/certificates/xml-signature.ts';
import { type FakeSefin, startFakeSefin } from '../support/fake-sefin.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import type { TestCertificate } from '../support/test-certificates.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { certifiedCompany, receivable, validSettings } from './support.ts';

let server: TestServer;
let sefin: FakeSefin;
let companyId: string;
let cert: TestCertificate;
let admin: Person;
let fin: Person;
let vendas: Person;
let outsider: Person;

const api = async <T = Record<string, unknown>>(path: string, who: Person, init: { method?: string; json?: unknown } = {}) => {
  const res = await server.request(`/api/finance/nfse${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  return { status: res.status, body: (await res.json()) as T & { error?: string; code?: string; rejections?: Array<{ code: string; description: string; hint: string | null }> } };
};
const issue = (entryId: string, json: unknown = {}) => api<NfseInvoice>(`/entries/${entryId}/invoice`, fin, { json });
const counter = async () => (await sql(server, 'select next_number from nfse_counters where company_id = $1', [companyId]))[0]?.next_number ?? null;

beforeAll(async () => {
  sefin = await startFakeSefin();
  server = await startTestServer(sefin.env);
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Prestadora de Serviços'));
  fin = await memberOf(server, companyId, 'financeiro');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  cert = await certifiedCompany(server, companyId, admin);
  sefin.trust(cert.certificatePem);
});
afterAll(async () => {
  await server?.stop();
  await sefin?.close();
});

describe('NFS-e settings', () => {
  it('refuses bad settings in Portuguese and keeps good ones per company', async () => {
    const bad = await api('/settings', fin, { method: 'PUT', json: { ...validSettings, municipalityCode: '355', services: [{ code: '1', description: 'x', issRate: 7 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/IBGE|cTribNac|ISS/);
    const dup = await api('/settings', fin, { method: 'PUT', json: { ...validSettings, services: [validSettings.services[0], validSettings.services[0]] } });
    expect(dup.body.error).toBe('Cada código de serviço aparece uma vez só.');
    expect((await api('/settings', fin)).body).toEqual({ settings: null });
    const ok = await api('/settings', fin, { method: 'PUT', json: validSettings });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ environment: 'restricted', municipalityCode: '3550308', regime: 'simples', services: validSettings.services, ibsRate: 0.1, cbsRate: 0.9 });
    expect((await api('/settings', vendas, { method: 'PUT', json: validSettings })).status).toBe(403);
    expect((await api('/settings', vendas)).status).toBe(403);
    expect((await api('/settings', outsider)).body).toEqual({ settings: null });
  });
});

describe('issuing the NFS-e of a receivable', () => {
  it('sends a signed DPS over mTLS and stores the access key, the authorised XML and the DANFSe', async () => {
    const entryId = await receivable(server, companyId, { amountCents: 2500_00, customerCnpj: '11222333000181' });
    const res = await issue(entryId, { serviceCode: '170101', description: 'Consultoria de dezembro' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'authorized', number: 1, serie: '1', serviceCode: '170101', amountCents: 2500_00, environment: 'restricted' });
    expect(res.body.accessKey).toMatch(/^\d{50}$/);
    const sent = sefin.issued.find((n) => n.accessKey === res.body.accessKey)!;
    expect(verifyXmlSignature(sent.dpsXml, cert.certificatePem)).toBe(true);
    expect(sent.dpsXml).toContain('<xDescServ>Consultoria de dezembro</xDescServ>');
    expect(sent.dpsXml).toContain('<CNPJ>11222333000181</CNPJ>');
    const xml = await server.request(`/api/files/${res.body.xmlFileId}/content`, { jar: fin.jar });
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain(`<infNFSe Id="NFS${res.body.accessKey}">`);
    const pdf = await server.request(`/api/files/${res.body.pdfFileId}/content`, { jar: fin.jar });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api(`/entries/${entryId}/invoice`, fin)).body.invoice).toMatchObject({ id: res.body.id, status: 'authorized' });
    expect((await server.request(`/api/files/${res.body.xmlFileId}/content`, { jar: vendas.jar })).status).toBe(403);
  });

  it('answers 409 for a receivable that already has its note, and nothing is sent', async () => {
    const entryId = await receivable(server, companyId);
    expect((await issue(entryId)).status).toBe(201);
    const before = sefin.issued.length;
    const again = await issue(entryId);
    expect(again).toMatchObject({ status: 409, body: { code: 'NFSE_ALREADY_ISSUED', error: expect.stringContaining('já tem uma nota fiscal') } });
    expect(sefin.issued.length).toBe(before);
  });

  it('a rejection comes back with the code, a Portuguese explanation and what to fix; no number is used', async () => {
    const entryId = await receivable(server, companyId);
    const next = await counter();
    sefin.rejectNext([{ Codigo: 'E0160', Descricao: 'Código de tributação nacional inexistente.' }]);
    const res = await issue(entryId);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NFSE_REJECTED');
    expect(res.body.error).toContain('nenhum número foi usado');
    expect(res.body.rejections).toEqual([{ code: 'E0160', description: 'Código de tributação nacional inexistente.', hint: expect.stringContaining('Financeiro → Nota fiscal') }]);
    expect(await counter()).toBe(next);
    expect((await api(`/entries/${entryId}/invoice`, fin)).body.invoice).toBeNull();
    expect((await sql(server, 'select count(*)::int as n from files where entity_type = $1 and company_id = $2', ['nfse_invoice', companyId]))[0]!.n).toBe(2 * (next - 1));
    const retry = await issue(entryId);
    expect(retry.status).toBe(201);
    expect(retry.body.number).toBe(next);
  });

  it('a company whose certificate the authority does not know is refused at the mTLS check, nothing issued', async () => {
    const other = await createCompanyWithAdmin(server, 'Empresa Sem Confiança');
    await certifiedCompany(server, other.companyId, other.admin);
    expect((await server.request('/api/finance/nfse/settings', { method: 'PUT', jar: other.admin.jar, json: validSettings })).status).toBe(200);
    const entryId = await receivable(server, other.companyId);
    const res = await server.request(`/api/finance/nfse/entries/${entryId}/invoice`, { method: 'POST', jar: other.admin.jar, json: {} });
    // Its certificate is not the one the fake trusts: refused at the TLS client check.
    expect(res.status).toBe(400);
    expect(((await res.json()) as { rejections: Array<{ code: string }> }).rejections[0]!.code).toBe('E0004');
  });

  it('refuses what cannot be issued: no customer document, no settings, a payable', async () => {
    expect((await issue(await receivable(server, companyId, { customerCnpj: null }))).body.code).toBe('NFSE_CUSTOMER');
    const [payable] = await sql(server, `insert into fin_entries (company_id, kind, description, amount_cents, due_date, competence_date) values ($1, 'payable', 'Aluguel', 100, '2026-12-10', '2026-12-01') returning id`, [companyId]);
    expect((await issue(payable!.id)).body.code).toBe('NFSE_NOT_RECEIVABLE');
    const fresh = await createCompanyWithAdmin(server, 'Empresa Sem Configuração');
    const entryId = await receivable(server, fresh.companyId);
    const res = await server.request(`/api/finance/nfse/entries/${entryId}/invoice`, { method: 'POST', jar: fresh.admin.jar, json: {} });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe('Configure a nota fiscal antes de emitir: Financeiro → Nota fiscal.');
    expect((await issue(entryId)).status).toBe(404);
  });

  it('N parallel issues get N distinct consecutive numbers', async () => {
    const start = await counter();
    const entries = await Promise.all(Array.from({ length: 6 }, () => receivable(server, companyId)));
    const results = await Promise.all(entries.map((id) => issue(id)));
    expect(results.map((r) => r.status)).toEqual(entries.map(() => 201));
    const numbers = results.map((r) => r.body.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => start + i));
    expect(await counter()).toBe(start + 6);
  });

  it('cancels by the event e101101 and may then issue again', async () => {
    const entryId = await receivable(server, companyId);
    const issued = await issue(entryId);
    const short = await api(`/entries/${entryId}/invoice/cancel`, fin, { json: { reason: 'erro' } });
    expect(short.status).toBe(400);
    const res = await api<NfseInvoice>(`/entries/${entryId}/invoice/cancel`, fin, { json: { reason: 'Serviço cobrado em duplicidade' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: issued.body.id, status: 'cancelled', cancelReason: 'Serviço cobrado em duplicidade' });
    expect(sefin.issued.find((n) => n.accessKey === issued.body.accessKey)!.cancelled).toBe(true);
    const again = await api(`/entries/${entryId}/invoice/cancel`, fin, { json: { reason: 'Serviço cobrado em duplicidade' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'NFSE_ALREADY_CANCELLED' } });
    const files = await sql(server, 'select name from files where entity_id = $1 order by name', [issued.body.id]);
    expect(files.map((f) => f.name)).toContain(`cancelamento-${issued.body.accessKey}.xml`);
    expect((await issue(entryId)).status).toBe(201);
  });

  it('keeps every endpoint to its company and to finance members', async () => {
    const entryId = await receivable(server, companyId);
    const cancelled = await receivable(server, companyId);
    await issue(cancelled);
    await expectTenantIsolation(server, { owner: { jar: fin.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: [companyId, 'Cliente Tomador'] }, [
      { method: 'GET', path: `/api/finance/nfse/entries/${entryId}/invoice` },
      { method: 'POST', path: `/api/finance/nfse/entries/${entryId}/invoice`, body: {}, ownerStatus: 201 },
      { method: 'POST', path: `/api/finance/nfse/entries/${cancelled}/invoice/cancel`, body: { reason: 'Cancelamento pedido pelo cliente' } },
    ]);
  });
});

