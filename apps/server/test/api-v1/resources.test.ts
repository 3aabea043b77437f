import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallLog } from '../../src/http/api-key.ts';
import { createApiKey, fileForm, v1 } from '../api-keys/support.ts';
import { type FakeSefin, startFakeSefin } from '../support/fake-sefin.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql, type Person } from '../team/support.ts';
import { certifiedCompany, receivable, validSettings } from '../finance-nfse/support.ts';

/**
 * The public API's products, quotes, projects, tasks, files and a receivable's charges and NFS-e
 * (decisions 0645–0648): the same services as the app, paged, filtered, and seen by a key only
 * within its company and its permissions.
 */
let server: TestServer;
let sefin: FakeSefin;
let companyId: string;
let admin: Person;
let all: string;
let crmOnly: string;
let foreign: string;
let keyId: string;
let pipelineId: string;

const ALL = ['parties.read', 'parties.write', 'crm.read', 'crm.write', 'finance.read', 'finance.write', 'finance.approve', 'sales.write', 'projects.read', 'projects.write'] as const;

beforeAll(async () => {
  sefin = await startFakeSefin();
  server = await startTestServer(sefin.env);
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Recursos da API Ltda'));
  const { admin: other } = await createCompanyWithAdmin(server, 'Vizinha da API Ltda');
  const created = await createApiKey(server, admin.jar, { name: 'Integração', permissions: [...ALL] });
  ({ secret: all } = created);
  keyId = created.key.id;
  crmOnly = (await createApiKey(server, admin.jar, { name: 'Só CRM', permissions: ['crm.read', 'crm.write'] })).secret;
  foreign = (await createApiKey(server, other.jar, { name: 'Vizinha', permissions: [...ALL] })).secret;
  pipelineId = (await v1(server, all, '/pipelines')).body.data[0].id;
});
afterAll(async () => {
  await server?.stop();
  await sefin?.close();
});

const created = async (key: string, path: string, json: unknown) => {
  const res = await v1(server, key, path, { json });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
};

describe('products and quotes', () => {
  it('page the catalogue by cursor and fields, quote a deal, and answer it once', async () => {
    for (const name of ['Plano A', 'Plano B', 'Plano C']) await created(all, '/products', { name, priceCents: 10_000 });
    const first = await v1(server, all, '/products?q=Plano&limit=2&fields=name');
    expect(first.body.data).toEqual([{ id: expect.any(String), name: 'Plano A' }, { id: expect.any(String), name: 'Plano B' }]);
    const rest = await v1(server, all, `/products?q=Plano&limit=2&fields=name&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(rest.body).toEqual({ data: [{ id: expect.any(String), name: 'Plano C' }], nextCursor: null });
    // Writing the catalogue is the sales role's (sales.write), reading it every CRM key's.
    expect((await v1(server, crmOnly, '/products', { json: { name: 'X', priceCents: 1 } })).status).toBe(403);
    expect((await v1(server, crmOnly, `/products/${first.body.data[0].id}`)).status).toBe(200);

    const deal = await created(all, '/deals', { title: 'Site novo', pipelineId });
    const quote = await created(all, `/deals/${deal.id}/quotes`, { validUntil: '2030-01-31', items: [{ productId: first.body.data[0].id, description: 'Plano A', quantityMilli: 2000, unitPriceCents: 10_000 }] });
    expect(quote).toMatchObject({ dealId: deal.id, status: 'rascunho', totalCents: 20_000, items: [{ quantityMilli: 2000, totalCents: 20_000 }] });
    expect((await v1(server, all, `/quotes?dealId=${deal.id}&fields=totalCents,status`)).body.data).toEqual([{ id: quote.id, totalCents: 20_000, status: 'rascunho' }]);
    const accepted = await v1(server, all, `/quotes/${quote.id}/answer`, { json: { answer: 'aceito' } });
    expect(accepted.body).toMatchObject({ status: 'aceito', answeredBy: 'team' });
    expect((await v1(server, all, `/deals/${deal.id}`)).body.status).toBe('won');
    const again = await v1(server, all, `/quotes/${quote.id}/answer`, { json: { answer: 'recusado' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'QUOTE_ALREADY_ANSWERED', message: expect.stringMatching(/^[A-ZÀ-Ú]/) });
    expect((await v1(server, all, `/deals/${deal.id}/quotes`, { json: { validUntil: 'amanhã', items: [] } })).body.error.fields).toMatchObject({ validUntil: expect.any(String), items: expect.any(String) });
  });
});

describe('projects and their tasks', () => {
  it('create a project, add and move tasks, and page them with the board filters and updated_since', async () => {
    const project = await created(all, '/projects', { name: 'Implantação' });
    const one = await created(all, `/projects/${project.id}/tasks`, { title: 'Levantar requisitos', priority: 'alta', labels: ['cliente'] });
    const two = await created(all, `/projects/${project.id}/tasks`, { title: 'Configurar', dueDate: '2030-02-01' });
    const three = await created(all, `/projects/${project.id}/tasks`, { title: 'Treinar a equipe' });
    const page1 = await v1(server, all, `/projects/${project.id}/tasks?limit=2&fields=title`);
    expect(page1.body.data).toEqual([{ id: one.id, title: 'Levantar requisitos' }, { id: two.id, title: 'Configurar' }]);
    const page2 = await v1(server, all, `/projects/${project.id}/tasks?limit=2&fields=title&cursor=${encodeURIComponent(page1.body.nextCursor)}`);
    expect(page2.body).toEqual({ data: [{ id: three.id, title: 'Treinar a equipe' }], nextCursor: null });
    expect((await v1(server, all, `/projects/${project.id}/tasks?label=cliente`)).body.data.map((t: { id: string }) => t.id)).toEqual([one.id]);

    const [{ now }] = await sql(server, 'SELECT now() AS now');
    const columns = (await (await server.request(`/api/projects/${project.id}/columns`, { jar: admin.jar })).json()) as { columns: Array<{ id: string; isDone: boolean }> };
    const done = columns.columns.find((c) => c.isDone)!;
    const moved = await v1(server, all, `/project-tasks/${two.id}/move`, { json: { columnId: done.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.doneAt).not.toBeNull();
    const since = await v1(server, all, `/projects/${project.id}/tasks?updated_since=${encodeURIComponent(new Date(now).toISOString())}`);
    expect(since.body.data.map((t: { id: string }) => t.id)).toEqual([two.id]);
    expect((await v1(server, all, `/projects?q=Implanta&fields=name,taskCount`)).body.data).toEqual([{ id: project.id, name: 'Implantação', taskCount: 3 }]);
    expect((await v1(server, all, `/project-tasks/${one.id}`, { method: 'PATCH', json: { title: 'Levantar os requisitos' } })).body.title).toBe('Levantar os requisitos');
    // A CRM key reaches no project.
    expect((await v1(server, crmOnly, '/projects')).status).toBe(403);
  });
});

describe('tasks and activities', () => {
  it('hang on the records a key may reach, page with filters, and close with done', async () => {
    const deal = await created(all, '/deals', { title: 'Conta grande', pipelineId });
    const project = await created(all, '/projects', { name: 'Só de projetos' });
    const call = await created(crmOnly, '/tasks', { title: 'Ligar para o diretor', kind: 'call', dueDate: '2030-03-01', entityType: 'deal', entityId: deal.id });
    expect(call).toMatchObject({ kind: 'call', entityType: 'deal', entityId: deal.id, doneAt: null });
    const onProject = await created(all, '/tasks', { title: 'Revisar o cronograma', entityType: 'project', entityId: project.id });
    // A key without projects.* neither writes nor sees a project's tasks.
    const refused = await v1(server, crmOnly, '/tasks', { json: { title: 'X', entityType: 'project', entityId: project.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Esta chave não tem a permissão necessária (projects.write).');
    expect((await v1(server, crmOnly, `/tasks/${onProject.id}`)).status).toBe(404);
    const seenByCrm = (await v1(server, crmOnly, '/tasks?limit=100')).body.data.map((t: { id: string }) => t.id);
    expect(seenByCrm).toContain(call.id);
    expect(seenByCrm).not.toContain(onProject.id);
    expect((await v1(server, crmOnly, '/tasks?entityType=project')).status).toBe(403);
    expect((await v1(server, all, '/tasks', { json: { title: 'X', entityType: 'employee', entityId: deal.id } })).body.error.code).toBe('UNKNOWN_ENTITY_TYPE');

    const listed = await v1(server, all, `/tasks?entityType=deal&entityId=${deal.id}&kind=call&fields=title,dueDate`);
    expect(listed.body.data).toEqual([{ id: call.id, title: 'Ligar para o diretor', dueDate: '2030-03-01' }]);
    const closed = await v1(server, crmOnly, `/tasks/${call.id}`, { method: 'PATCH', json: { done: true } });
    expect(closed.body.doneAt).not.toBeNull();
    expect((await v1(server, all, `/tasks?entityType=deal&entityId=${deal.id}&done=false`)).body.data).toEqual([]);
  });
});

describe('files', () => {
  it('upload multipart with the app’s checks, list a record’s files and download through a signed link', async () => {
    const deal = await created(all, '/deals', { title: 'Com contrato', pipelineId });
    const up = await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm('Contrato assinado.pdf') });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ entityType: 'deal', entityId: deal.id, kind: 'document', name: 'Contrato assinado.pdf', mime: 'application/pdf' });
    expect((await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`)).body.data.map((f: { id: string }) => f.id)).toEqual([up.body.id]);

    const link = await v1(server, all, `/files/${up.body.id}/links`, { json: { hours: 1 } });
    expect(link.status).toBe(201);
    const bytes = await fetch(link.body.url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(bytes.status).toBe(200);
    expect((await bytes.text()).startsWith('%PDF-')).toBe(true);

    // Past the 1 MB of a JSON body: an upload streams under its kind's own limit.
    const big = new Uint8Array(3 * 1024 * 1024).fill(0x20);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const large = await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm('Anexo grande.pdf', big) });
    expect(large.status, JSON.stringify(large.body)).toBe(201);
    expect(large.body.size).toBe(big.length);

    // The same upload retried at once with its Idempotency-Key (each with its own multipart boundary): one file.
    const retried = await Promise.all(Array.from({ length: 5 }, () => v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm('Aditivo.pdf'), headers: { 'idempotency-key': 'aditivo-1' } })));
    expect(retried.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(new Set(retried.map((r) => r.body.id)).size).toBe(1);
    expect((await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`)).body.data).toHaveLength(3);

    // The same refusals as the app's upload: an executable, a type the kind does not take, no file.
    const exe = await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm('setup.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, ...new Array(200).fill(0)])) });
    expect(exe.status).toBeGreaterThanOrEqual(400);
    expect(exe.status).toBeLessThan(500);
    const image = await v1(server, all, `/files?entityType=deal&entityId=${deal.id}&kind=image`, { form: fileForm() });
    expect(image.body.error.message).toMatch(/^Tipo de arquivo não permitido para imagem/);
    const empty = new FormData();
    empty.append('nota', 'sem arquivo');
    expect((await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { form: empty })).body.error.code).toBe('FILE_REQUIRED');
    expect((await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { json: { file: 'x' } })).status).toBe(415);
    expect(Number((await sql(server, 'SELECT count(*) FROM files WHERE company_id = $1 AND deleted_at IS NULL', [companyId]))[0].count)).toBe(3);
    // A finance-only record is out of a CRM key's reach.
    const entry = await created(all, '/receivables', { description: 'Com anexo', amountCents: 1000, dueDate: '2030-01-10' });
    const refused = await v1(server, crmOnly, `/files?entityType=fin_entry&entityId=${entry.data[0].id}`, { form: fileForm() });
    expect(refused.status).toBe(403);
  });
});

describe('charges and NFS-e of a receivable', () => {
  it('charge by Pix with its BR Code, make the payment page link, read the boleto, and issue the NFS-e once', async () => {
    const account = await server.request('/api/finance/accounts', { method: 'POST', json: { name: 'Conta Pix', openingDate: '2030-01-01' }, jar: admin.jar });
    const accountId = ((await account.json()) as { id: string }).id;
    const entryId = await receivable(server, companyId, { amountCents: 1500_00, customerCnpj: '11222333000181' });

    expect((await v1(server, all, `/receivables/${entryId}/charge`)).body).toMatchObject({ charge: null, link: null });
    const noKey = await v1(server, all, `/receivables/${entryId}/charge`, { method: 'POST' });
    expect(noKey.status).toBeGreaterThanOrEqual(400);
    expect(noKey.body.error.message).toMatch(/chave Pix/i);
    const key = await server.request('/api/finance/pix/keys', { method: 'POST', json: { accountId, type: 'email', key: 'caixa@recursos.com.br', isDefault: true }, jar: admin.jar });
    expect(key.status).toBe(201);
    const charge = await v1(server, all, `/receivables/${entryId}/charge`, { method: 'POST' });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    expect(charge.body.charge).toMatchObject({ method: 'pix_static', status: 'open', amountCents: 1500_00, pixKey: 'caixa@recursos.com.br' });
    expect(charge.body.charge.brCode).toMatch(/^000201/);
    const link = await v1(server, all, `/receivables/${entryId}/payment-link`, { method: 'POST' });
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(/\/pagar\//);
    expect((await v1(server, all, `/receivables/${entryId}/boleto`)).body).toEqual({ configured: false, boleto: null });
    expect((await v1(server, all, `/receivables/${entryId}/boleto`, { method: 'POST' })).body.error.code).toBe('PROVIDER_NOT_CONFIGURED');

    expect((await v1(server, all, `/receivables/${entryId}/invoice`, { json: {} })).body.error.code).toBe('NFSE_NOT_CONFIGURED');
    const cert = await certifiedCompany(server, companyId, admin);
    sefin.trust(cert.certificatePem);
    expect((await server.request('/api/finance/nfse/settings', { method: 'PUT', json: validSettings, jar: admin.jar })).status).toBe(200);
    const issued = await v1(server, all, `/receivables/${entryId}/invoice`, { json: { serviceCode: '170101', description: 'Consultoria pela API' } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body).toMatchObject({ status: 'authorized', serviceCode: '170101', amountCents: 1500_00 });
    expect(sefin.issued.filter((n) => n.accessKey === issued.body.accessKey)).toHaveLength(1);
    expect((await v1(server, all, `/receivables/${entryId}/invoice`)).body.invoice).toMatchObject({ id: issued.body.id, status: 'authorized' });
    const twice = await v1(server, all, `/receivables/${entryId}/invoice`, { json: { serviceCode: '170101' } });
    expect(twice.status).toBe(409);
    expect(sefin.issued.filter((n) => n.dpsXml.includes('Consultoria pela API'))).toHaveLength(1);
    // A payable is not a receivable; a CRM key holds no finance permission.
    const payable = await created(all, '/payables', { description: 'Aluguel', amountCents: 1000, dueDate: '2030-01-10' });
    expect((await v1(server, all, `/receivables/${payable.data[0].id}/charge`)).status).toBe(404);
    expect((await v1(server, crmOnly, `/receivables/${entryId}/charge`)).status).toBe(403);
  });
});

describe('isolation and the activity log', () => {
  it('another company’s key finds none of these records (404) and lists none of them', async () => {
    const deal = await created(all, '/deals', { title: 'Só nosso', pipelineId });
    const product = await created(all, '/products', { name: 'Só nosso', priceCents: 100 });
    const quote = await created(all, `/deals/${deal.id}/quotes`, { validUntil: '2030-01-31', items: [{ description: 'Item', quantityMilli: 1000, unitPriceCents: 100 }] });
    const project = await created(all, '/projects', { name: 'Só nosso' });
    const projectTask = await created(all, `/projects/${project.id}/tasks`, { title: 'Só nossa' });
    const task = await created(all, '/tasks', { title: 'Só nossa', entityType: 'deal', entityId: deal.id });
    const personal = await created(all, '/tasks', { title: 'Pessoal' });
    const file = (await v1(server, all, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm() })).body;
    const entryId = await receivable(server, companyId);
    const ours = [deal.id, product.id, quote.id, project.id, projectTask.id, task.id, personal.id, file.id, entryId];
    const gets = [
      `/products/${product.id}`,
      `/quotes/${quote.id}`,
      `/projects/${project.id}`,
      `/projects/${project.id}/tasks`,
      `/project-tasks/${projectTask.id}`,
      `/tasks/${task.id}`,
      `/tasks/${personal.id}`,
      `/files/${file.id}`,
      `/files?entityType=deal&entityId=${deal.id}`,
      `/tasks?entityType=deal&entityId=${deal.id}`,
      `/receivables/${entryId}/charge`,
      `/receivables/${entryId}/boleto`,
      `/receivables/${entryId}/invoice`,
    ];
    for (const path of gets) {
      const res = await v1(server, foreign, path);
      expect(res.status, path).toBe(404);
      for (const id of ours) expect(JSON.stringify(res.body), path).not.toContain(id);
    }
    const writes: Array<[string, string, unknown]> = [
      ['POST', `/deals/${deal.id}/quotes`, { validUntil: '2030-01-31', items: [{ description: 'X', quantityMilli: 1000, unitPriceCents: 1 }] }],
      ['PATCH', `/products/${product.id}`, { name: 'Invadido' }],
      ['POST', `/quotes/${quote.id}/answer`, { answer: 'recusado' }],
      ['PATCH', `/projects/${project.id}`, { name: 'Invadido' }],
      ['POST', `/projects/${project.id}/tasks`, { title: 'Invadido' }],
      ['PATCH', `/project-tasks/${projectTask.id}`, { title: 'Invadido' }],
      ['PATCH', `/tasks/${task.id}`, { done: true }],
      ['POST', '/tasks', { title: 'Invadido', entityType: 'deal', entityId: deal.id }],
      ['POST', `/files/${file.id}/links`, {}],
      ['POST', `/receivables/${entryId}/charge`, undefined],
      ['POST', `/receivables/${entryId}/payment-link`, undefined],
      ['POST', `/receivables/${entryId}/invoice`, {}],
    ];
    for (const [method, path, json] of writes) expect((await v1(server, foreign, path, { method, json })).status, `${method} ${path}`).toBe(404);
    expect((await v1(server, foreign, `/files?entityType=deal&entityId=${deal.id}`, { form: fileForm() })).status).toBe(404);
    for (const path of ['/products', '/quotes', '/projects', '/tasks']) {
      const listed = JSON.stringify((await v1(server, foreign, `${path}?limit=100`)).body);
      for (const id of ours) expect(listed, path).not.toContain(id);
    }
    expect((await v1(server, all, `/products/${product.id}`)).body.name).toBe('Só nosso');
    expect((await v1(server, all, `/quotes/${quote.id}`)).body.status).toBe('rascunho');
    expect((await v1(server, all, `/tasks/${task.id}`)).body.doneAt).toBeNull();
  });

  it('writes every call as a line of the activity log under the key, and what it changes under the key too', async () => {
    await apiCallLog(server.services).flush();
    const paths = (await sql(server, `SELECT DISTINCT details->>'path' AS path FROM activity_log WHERE api_key_id = $1 AND action = 'api_call'`, [keyId])).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/products', '/api/v1/quotes/:id/answer', '/api/v1/projects/:id/tasks', '/api/v1/tasks/:id', '/api/v1/files', '/api/v1/files/:id/links', '/api/v1/receivables/:id/invoice']));
    const audited = await sql(server, `SELECT user_id FROM activity_log WHERE api_key_id = $1 AND action = 'file_link_created'`, [keyId]);
    expect(audited).toEqual([{ user_id: null }]);
  });
});
