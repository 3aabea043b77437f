import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { createApiKey, fileForm, v1 } from '../api-keys/support.ts';
import { certifiedCompany, receivable, validSettings } from '../finance-nfse/support.ts';
import { type FakeAsaas, startFakeAsaas } from '../support/fake-asaas.ts';
import { type FakeSefin, startFakeSefin } from '../support/fake-sefin.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql, type Person } from '../team/support.ts';

/**
 * The operations decision 0655 and 0656 add to /api/v1: a quote's edit and deletion, a file's
 * deletion, cancelling a boleto and an NFS-e, and tasks on people and organizations. Each through
 * the app's own service, refused to another company's key (404) and to a key without the
 * permission (403) with nothing changed.
 */
let server: TestServer;
let asaas: FakeAsaas;
let sefin: FakeSefin;
let companyId: string;
let admin: Person;
let pipelineId: string;
const keys = {} as Record<'all' | 'crmRead' | 'crmWrite' | 'finRead' | 'salesOnly' | 'foreign', string>;
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

const ASAAS_KEY = '$aact_hmlg_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjFmYmQ2';
const ALL = ['parties.read', 'parties.write', 'crm.read', 'crm.write', 'crm.delete', 'finance.read', 'finance.write', 'sales.write', 'projects.read', 'projects.write'] as const;

beforeAll(async () => {
  asaas = await startFakeAsaas();
  asaas.keys.sandbox.add(ASAAS_KEY);
  sefin = await startFakeSefin();
  server = await startTestServer({ ...asaas.env, ...sefin.env });
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Operações da API Ltda'));
  const { admin: other } = await createCompanyWithAdmin(server, 'Vizinha das Operações Ltda');
  keys.all = (await createApiKey(server, admin.jar, { name: 'Tudo', permissions: [...ALL] })).secret;
  keys.crmRead = (await createApiKey(server, admin.jar, { name: 'Leitura do CRM', permissions: ['crm.read'] })).secret;
  keys.crmWrite = (await createApiKey(server, admin.jar, { name: 'CRM sem excluir', permissions: ['crm.read', 'crm.write'] })).secret;
  keys.finRead = (await createApiKey(server, admin.jar, { name: 'Leitura do financeiro', permissions: ['finance.read'] })).secret;
  keys.salesOnly = (await createApiKey(server, admin.jar, { name: 'Só o catálogo', permissions: ['sales.write'] })).secret;
  keys.foreign = (await createApiKey(server, other.jar, { name: 'Vizinha', permissions: [...ALL] })).secret;
  pipelineId = (await v1(server, keys.all, '/pipelines')).body.data[0].id;
});
afterAll(async () => {
  await server?.stop();
  await asaas?.close();
  await sefin?.close();
});

const created = async (path: string, json: unknown) => {
  const res = await v1(server, keys.all, path, { json });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
};
const cast = (withoutPermission: string) => ({ owner: bearer(keys.all), outsider: bearer(keys.foreign), withoutPermission: bearer(withoutPermission) });
const item = (description: string, unitPriceCents: number) => ({ description, quantityMilli: 1000, unitPriceCents });

describe('a quote, edited and deleted', () => {
  it('replaces the whole quote with crm.write and deletes it with crm.delete, audited; an answered quote is 409', async () => {
    const deal = await created('/deals', { title: 'Reforma da loja', pipelineId });
    const quote = await created(`/deals/${deal.id}/quotes`, { validUntil: '2030-01-31', items: [item('Projeto', 10_000)] });
    const edit = { validUntil: '2030-02-28', items: [item('Projeto', 10_000), item('Execução', 25_000)] };
    await expectTenantIsolation(server, { ...cast(keys.crmRead), secrets: [quote.id, 'Reforma da loja'] }, [{ method: 'PUT', path: `/api/v1/quotes/${quote.id}`, body: edit, ownerStatus: 200 }]);
    expect((await v1(server, keys.all, `/quotes/${quote.id}`)).body).toMatchObject({ validUntil: '2030-02-28', totalCents: 35_000, items: [{ description: 'Projeto' }, { description: 'Execução' }] });
    const bad = await v1(server, keys.all, `/quotes/${quote.id}`, { method: 'PUT', json: { validUntil: 'amanhã', items: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ validUntil: expect.any(String) });

    await expectTenantIsolation(server, { ...cast(keys.crmWrite), secrets: [quote.id] }, [{ method: 'DELETE', path: `/api/v1/quotes/${quote.id}`, ownerStatus: 200 }]);
    expect((await v1(server, keys.all, `/quotes/${quote.id}`)).status).toBe(404);
    expect(await sql(server, `SELECT count(*)::int AS n FROM activity_log WHERE company_id = $1 AND action = 'quote_deleted' AND details->>'id' = $2 AND api_key_id IS NOT NULL`, [companyId, quote.id])).toEqual([{ n: 1 }]);

    const answered = await created(`/deals/${deal.id}/quotes`, { validUntil: '2030-01-31', items: [item('Projeto', 10_000)] });
    await v1(server, keys.all, `/quotes/${answered.id}/answer`, { json: { answer: 'recusado' } });
    const late = await v1(server, keys.all, `/quotes/${answered.id}`, { method: 'PUT', json: edit });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('QUOTE_NOT_EDITABLE');
  });
});

describe('a file, deleted', () => {
  it('deletes a record’s file with a key that may change the record; its signed link stops; a finance file is out of a CRM key’s reach', async () => {
    const deal = await created('/deals', { title: 'Com anexo', pipelineId });
    const file = (await v1(server, keys.all, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm('Contrato.pdf') })).body;
    const link = (await v1(server, keys.all, `/files/${file.id}/links`, { json: { hours: 1 } })).body;
    await expectTenantIsolation(server, { ...cast(keys.crmRead), secrets: [file.id, 'Contrato.pdf'] }, [{ method: 'DELETE', path: `/api/v1/files/${file.id}`, ownerStatus: 200 }]);
    expect((await v1(server, keys.all, `/files/${file.id}`)).status).toBe(404);
    expect((await v1(server, keys.all, `/files?entityType=deal&entityId=${deal.id}`)).body.data).toEqual([]);
    expect((await fetch(link.url.replace(/^https?:\/\/[^/]+/, server.url))).status).toBeGreaterThanOrEqual(400);
    expect(await sql(server, `SELECT count(*)::int AS n FROM activity_log WHERE company_id = $1 AND action = 'file_deleted' AND details->>'id' = $2 AND api_key_id IS NOT NULL`, [companyId, file.id])).toEqual([{ n: 1 }]);

    const entry = await created('/receivables', { description: 'Com recibo', amountCents: 1000, dueDate: '2030-01-10' });
    const receipt = (await v1(server, keys.all, `/files?entityType=fin_entry&entityId=${entry.data[0].id}`, { form: fileForm('Recibo.pdf') })).body;
    expect((await v1(server, keys.crmWrite, `/files/${receipt.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await v1(server, keys.all, `/files/${receipt.id}`)).status).toBe(200);
  });
});

describe('a boleto and an NFS-e, cancelled', () => {
  it('cancels the open boleto at the provider once (404 when none is open)', async () => {
    const account = await server.request('/api/finance/accounts', { method: 'POST', json: { name: 'Conta Asaas', openingDate: '2030-01-01' }, jar: admin.jar });
    const accountId = ((await account.json()) as { id: string }).id;
    const settings = await server.request('/api/finance/boleto/settings', { method: 'PUT', json: { environment: 'sandbox', apiKey: ASAAS_KEY, accountId }, jar: admin.jar });
    expect(settings.status, await settings.clone().text()).toBe(200);
    const entryId = await receivable(server, companyId, { customerCnpj: '11222333000181' });
    await sql(server, `UPDATE fin_entries SET due_date = $2 WHERE id = $1`, [entryId, addDays(todayInBrazil(), 7)]);
    await sql(server, `UPDATE organizations SET email = 'contas@tomador.com.br' WHERE id = (SELECT organization_id FROM fin_entries WHERE id = $1)`, [entryId]);
    const issued = await v1(server, keys.all, `/receivables/${entryId}/boleto`, { method: 'POST' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.boleto.status).toBe('open');

    await expectTenantIsolation(server, { ...cast(keys.finRead), secrets: [entryId] }, [{ method: 'POST', path: `/api/v1/receivables/${entryId}/boleto/cancel`, ownerStatus: 200 }]);
    expect((await v1(server, keys.all, `/receivables/${entryId}/boleto`)).body.boleto.status).toBe('cancelled');
    expect([...asaas.payments.values()].filter((p) => p.deleted)).toHaveLength(1);
    const again = await v1(server, keys.all, `/receivables/${entryId}/boleto/cancel`, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toMatch(/^[A-ZÀ-Ú]/);
  });

  it('cancels the authorized note with a reason, one event at the authority; a second time is 409', async () => {
    const entryId = await receivable(server, companyId, { amountCents: 900_00 });
    const cert = await certifiedCompany(server, companyId, admin);
    sefin.trust(cert.certificatePem);
    expect((await server.request('/api/finance/nfse/settings', { method: 'PUT', json: validSettings, jar: admin.jar })).status).toBe(200);
    const note = await v1(server, keys.all, `/receivables/${entryId}/invoice`, { json: { serviceCode: '170101', description: 'Consultoria a cancelar' } });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const reason = { reason: 'Serviço não prestado neste mês' };
    expect((await v1(server, keys.all, `/receivables/${entryId}/invoice/cancel`, { json: { reason: 'curto' } })).status).toBe(400);
    await expectTenantIsolation(server, { ...cast(keys.finRead), secrets: [entryId, note.body.accessKey] }, [{ method: 'POST', path: `/api/v1/receivables/${entryId}/invoice/cancel`, body: reason, ownerStatus: 200 }]);
    expect((await v1(server, keys.all, `/receivables/${entryId}/invoice`)).body.invoice).toMatchObject({ id: note.body.id, status: 'cancelled' });
    expect(sefin.issued.find((n) => n.accessKey === note.body.accessKey)?.cancelled).toBe(true);
    const twice = await v1(server, keys.all, `/receivables/${entryId}/invoice/cancel`, { json: reason });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('NFSE_ALREADY_CANCELLED');
  });
});

describe('tasks on people and organizations', () => {
  it('hang on a contact with parties.*, list by the record, and leave with the person’s erasure', async () => {
    const person = await created('/people', { name: 'Joana Compradora', emails: ['joana@cliente.com.br'] });
    const org = await created('/organizations', { razaoSocial: 'Cliente Grande SA' });
    const body = { title: 'Ligar para a Joana', kind: 'call', entityType: 'person', entityId: person.id };
    await expectTenantIsolation(server, { ...cast(keys.crmWrite), secrets: [person.id, 'Joana'] }, [{ method: 'POST', path: '/api/v1/tasks', body, ownerStatus: 201 }]);
    const onOrg = await created('/tasks', { title: 'Renovar o contrato', entityType: 'organization', entityId: org.id });
    const listed = await v1(server, keys.all, `/tasks?entityType=person&entityId=${person.id}&fields=title,entityType`);
    expect(listed.body.data).toEqual([{ id: expect.any(String), title: 'Ligar para a Joana', entityType: 'person' }]);
    const taskId = listed.body.data[0].id;
    await expectTenantIsolation(server, { ...cast(keys.salesOnly), secrets: [person.id] }, [
      { method: 'GET', path: `/api/v1/tasks/${taskId}` },
      { method: 'PATCH', path: `/api/v1/tasks/${onOrg.id}`, body: { done: true } },
    ]);
    // A CRM key reads tasks, but those on a contact are out of its reach (decision 0646): 404 by id, left out of lists.
    expect((await v1(server, keys.crmRead, `/tasks/${taskId}`)).status).toBe(404);
    expect(JSON.stringify((await v1(server, keys.crmRead, '/tasks?limit=100')).body)).not.toContain(taskId);
    expect((await v1(server, keys.all, `/tasks?entityType=organization&entityId=${org.id}`)).body.data[0].doneAt).not.toBeNull();
    // The app sees it too, on the same record.
    const inApp = await server.request(`/api/tasks?entityType=person&entityId=${person.id}`, { jar: admin.jar });
    expect(JSON.stringify(await inApp.json())).toContain(taskId);

    const erased = await server.request(`/api/parties/people/${person.id}/erase`, { method: 'POST', jar: admin.jar, json: {} });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await sql(server, `SELECT count(*)::int AS n FROM tasks WHERE entity_type = 'person' AND entity_id = $1`, [person.id])).toEqual([{ n: 0 }]);
  });
});
