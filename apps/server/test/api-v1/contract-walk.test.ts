import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_PERMISSIONS } from '../../src/modules/api-v1/public.ts';
import { createApiKey, fileForm, v1, type V1Answer } from '../api-keys/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person } from '../team/support.ts';

/**
 * The contract test of the public API (decision 0643): it reads /api/v1/openapi.json and calls
 * every documented operation with a request made from the document's own schemas — first without
 * a key (401), with a key lacking the operation's permission (403), with another company's key
 * (404 on its records, none of them in its lists) — then with the owner's key: the documented
 * success status, and an answer valid against the documented schema.
 */
type Schema = Record<string, any>;
type Operation = { method: string; path: string; op: Schema };

let server: TestServer;
let admin: Person;
let outsider: Person;
let doc: Schema;
let owner: string;
let foreign: string;
const ids: Record<string, string> = {};

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);

beforeAll(async () => {
  server = await startTestServer();
  ({ admin } = await createCompanyWithAdmin(server, 'Contrato da API Ltda'));
  ({ admin: outsider } = await createCompanyWithAdmin(server, 'Outra do Contrato Ltda'));
  owner = (await createApiKey(server, admin.jar, { name: 'Todas', permissions: [...PUBLIC_API_PERMISSIONS] })).secret;
  foreign = (await createApiKey(server, outsider.jar, { name: 'Estrangeira', permissions: [...PUBLIC_API_PERMISSIONS] })).secret;
  doc = (await (await server.request('/api/v1/openapi.json')).json()) as Schema;
  ajv.addSchema({ $id: 'sede-v1', components: doc.components });

  // The records the paths name, made through the API itself.
  const made = async (path: string, json: unknown) => {
    const res = await v1(server, owner, path, { json });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const pipeline = (await v1(server, owner, '/pipelines')).body.data[0];
  ids.pipelineId = pipeline.id;
  ids.stageId = pipeline.stages[1].id;
  ids.organizationId = (await made('/organizations', { razaoSocial: 'Cliente do Contrato Ltda' })).id;
  ids.personId = (await made('/people', { name: 'Pessoa do Contrato', emails: ['contrato@exemplo.com.br'] })).id;
  ids.dealId = (await made('/deals', { title: 'Negócio do Contrato', pipelineId: ids.pipelineId })).id;
  ids.receivableId = (await made('/receivables', { description: 'Receber do contrato', amountCents: 10_000, dueDate: '2030-05-10' })).data[0].id;
  ids.payableId = (await made('/payables', { description: 'Pagar do contrato', amountCents: 10_000, dueDate: '2030-05-10' })).data[0].id;
  const account = await server.request('/api/finance/accounts', { method: 'POST', json: { name: 'Conta do contrato', openingDate: '2030-01-01' }, jar: admin.jar });
  ids.accountId = ((await account.json()) as { id: string }).id;
  const list = await server.request('/api/crm-contacts/lists', { method: 'POST', json: { name: 'Lista do contrato' }, jar: admin.jar });
  ids.listId = ((await list.json()) as { id: string }).id;
  // A default Pix key, so that the receivable can be charged.
  const pixKey = await server.request('/api/finance/pix/keys', { method: 'POST', json: { accountId: ids.accountId, type: 'email', key: 'financeiro@contrato.com.br', isDefault: true }, jar: admin.jar });
  if (pixKey.status !== 201) throw new Error(`pix key: ${pixKey.status} ${await pixKey.text()}`);
  ids.productId = (await made('/products', { name: 'Consultoria do contrato', priceCents: 50_000 })).id;
  const quoted = (await made('/deals', { title: 'Negócio orçado', pipelineId: ids.pipelineId })).id;
  ids.quoteId = (await made(`/deals/${quoted}/quotes`, { validUntil: '2030-05-10', items: [{ productId: ids.productId, description: 'Consultoria', quantityMilli: 1000, unitPriceCents: 50_000 }] })).id;
  ids.projectId = (await made('/projects', { name: 'Projeto do contrato' })).id;
  ids.projectTaskId = (await made(`/projects/${ids.projectId}/tasks`, { title: 'Tarefa do projeto do contrato' })).id;
  const columns = await server.request(`/api/projects/${ids.projectId}/columns`, { jar: admin.jar });
  ids.columnId = ((await columns.json()) as { columns: Array<{ id: string }> }).columns[1]!.id;
  ids.taskId = (await made('/tasks', { title: 'Ligar para o cliente', kind: 'call', entityType: 'deal', entityId: ids.dealId })).id;
  ids.entityId = ids.dealId;
  const file = await v1(server, owner, `/files?entityType=deal&entityId=${ids.dealId}`, { form: fileForm() });
  if (file.status !== 201) throw new Error(`file: ${file.status} ${JSON.stringify(file.body)}`);
  ids.fileId = file.body.id;
});
afterAll(async () => {
  await server?.stop();
});

/** The record a path's `{id}` names: by the path's first segment (a deal closed here is a fresh one). */
async function recordFor(path: string, method: string): Promise<string> {
  const resource = path.split('/')[3]!;
  if (resource === 'deals' && /\/(won|lost)$/.test(path) && method === 'post') {
    return (await v1(server, owner, '/deals', { json: { title: `Negócio para ${path.split('/').pop()}`, pipelineId: ids.pipelineId } })).body.id;
  }
  const byResource: Record<string, string> = {
    people: 'personId',
    organizations: 'organizationId',
    pipelines: 'pipelineId',
    deals: 'dealId',
    receivables: 'receivableId',
    payables: 'payableId',
    products: 'productId',
    quotes: 'quoteId',
    projects: 'projectId',
    'project-tasks': 'projectTaskId',
    tasks: 'taskId',
    files: 'fileId',
  };
  const name = byResource[resource];
  if (!name) throw new Error(`no record for ${path}: add one to the contract test`);
  return ids[name]!;
}

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(schema.$ref.split('/').slice(1).reduce((n: Schema, k: string) => n[k], doc)) : schema);

/** A value valid for `schema`, named `name` (ids of this company's records by their field's name). */
function sample(raw: Schema, name = ''): unknown {
  const schema = resolve(raw);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const option = (schema.anyOf ?? schema.oneOf)?.find((s: Schema) => resolve(s).type !== 'null' && resolve(s).const !== '');
  if (option) return sample(option, name);
  const type = [].concat(schema.type ?? []).find((t) => t !== 'null');
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) out[key] = sample(schema.properties[key], key);
    return out;
  }
  if (type === 'array') {
    const one = name === 'personIds' ? ids.personId : sample(schema.items ?? {}, name.replace(/s$/, ''));
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => one);
  }
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
  if (type === 'boolean') return true;
  if (name in ids) return ids[name];
  if (schema.format === 'email' || /e-?mail/i.test(name)) return 'walk@exemplo.com.br';
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}') || /date$|Date$|Until$|^(from|to)$/.test(name)) return '2030-05-10';
  if (schema.pattern?.includes('[0-9a-f]{8}')) return randomUUID();
  return 'Teste do contrato'.padEnd(schema.minLength ?? 0, '.');
}

/** What the document cannot say: a body rule across fields, or a field a PATCH must carry to change something. */
function bodyFor(method: string, path: string, schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  const body = sample(schema) as Record<string, unknown>;
  if (path.endsWith('/leads')) Object.assign(body, { email: 'lead.walk@exemplo.com.br', pipelineId: ids.pipelineId, listId: ids.listId });
  if (method === 'patch' && Object.keys(body).length === 0) {
    const props = resolve(schema).properties ?? {};
    const field = ['name', 'title', 'razaoSocial', 'description'].find((f) => f in props)!;
    body[field] = `Alterado pelo contrato ${field}`;
  }
  return body;
}

function queryFor(op: Schema): string {
  const query = (op.parameters ?? []).filter((p: Schema) => p.in === 'query' && p.required);
  return query.length ? `?${new URLSearchParams(query.map((p: Schema) => [p.name, String(sample(p.schema, p.name))]))}` : '';
}

const operations = (): Operation[] =>
  Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));

function validate(answer: V1Answer, schema: Schema | undefined, label: string) {
  if (!schema) return;
  const check = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"sede-v1#/components/')));
  expect(check(answer.body), `${label}: ${JSON.stringify(check.errors?.slice(0, 3))}`).toBe(true);
}

/** Operations whose success needs an outside service the company sets up (a boleto issuer, the NFS-e authority): here, their refusal. */
const NEEDS_SETUP: Record<string, { status: number; code: string }> = {
  'post /api/v1/receivables/{id}/boleto': { status: 409, code: 'PROVIDER_NOT_CONFIGURED' },
  'post /api/v1/receivables/{id}/invoice': { status: 409, code: 'NFSE_NOT_CONFIGURED' },
  // Nothing issued to cancel (the cancellations' own tests issue first, test/api-v1/more-operations.test.ts).
  'post /api/v1/receivables/{id}/boleto/cancel': { status: 404, code: 'NOT_FOUND' },
  'post /api/v1/receivables/{id}/invoice/cancel': { status: 404, code: 'NOT_FOUND' },
};

const jsonSchema = (response: Schema | undefined) => response?.content?.['application/json']?.schema;
const success = (op: Schema) => Object.keys(op.responses).find((s) => s.startsWith('2'))!;
/** A key of this company holding every permission of the public API except the operation's. */
const without = new Map<string, string>();
async function keyWithout(needs: { anyOf?: string[]; allOf?: string[] }) {
  const lacking = new Set(needs.anyOf ?? needs.allOf ?? []);
  const name = `Sem ${[...lacking].sort().join('+')}`;
  if (!without.has(name)) {
    const rest = PUBLIC_API_PERMISSIONS.filter((p) => !lacking.has(p));
    without.set(name, (await createApiKey(server, admin.jar, { name, permissions: rest })).secret);
  }
  return without.get(name)!;
}

describe('every documented operation of /api/v1', () => {
  it('documents them all', () => {
    expect(operations().length).toBeGreaterThanOrEqual(55);
  });

  it('refuses the wrong callers, then answers the owner as documented', async () => {
    // Reads first, then writes; a quote replaced before it is answered, a POST before the PATCH of the same record, deletions last.
    const order = (o: Operation) => ['get', 'put', 'post', 'patch', 'delete'].indexOf(o.method);
    for (const { method, path, op } of operations().sort((a, b) => order(a) - order(b))) {
      const label = `${method.toUpperCase()} ${path}`;
      const concrete = path.includes('{id}') ? path.replace('{id}', await recordFor(path, method)) : path;
      const url = `${concrete.slice('/api/v1'.length)}${queryFor(op)}`;
      const body = bodyFor(method, path, jsonSchema(op.requestBody));
      const multipart = Boolean(op.requestBody?.content?.['multipart/form-data']);
      const call = (key: string | null) => v1(server, key, url, { method: method.toUpperCase(), ...(multipart ? { form: fileForm() } : { json: body }) });

      const anonymous = await call(null);
      expect(anonymous.status, `${label} without a key`).toBe(401);
      validate(anonymous, jsonSchema(op.responses['401']), `${label} 401`);

      const needs = op['x-permissions'];
      expect(needs, `${label} names the permission it asks for`).toBeTruthy();
      const lacking = await call(await keyWithout(needs));
      expect(lacking.status, `${label} with a key lacking ${JSON.stringify(needs)}: ${JSON.stringify(lacking.body)}`).toBe(403);
      validate(lacking, jsonSchema(op.responses['403']), `${label} 403`);

      const other = await call(foreign);
      const leaked = JSON.stringify(other.body);
      for (const id of Object.values(ids)) expect(leaked, `${label} shows another company's record`).not.toContain(id);
      if (path.includes('{id}')) expect(other.status, `${label} with another company's key`).toBe(404);
      else if (Object.values(ids).some((id) => JSON.stringify(body ?? {}).includes(id))) {
        expect(other.status, `${label} with another company's key, naming this company's records: ${leaked}`).toBeGreaterThanOrEqual(400);
      }

      const answer = await call(owner);
      const refusal = NEEDS_SETUP[`${method} ${path}`];
      if (refusal) {
        // The company has not set up the outside service: its documented refusal (each has its own test with a fake).
        expect(answer.body.error?.code, `${label}: ${JSON.stringify(answer.body)}`).toBe(refusal.code);
        validate(answer, jsonSchema(op.responses[String(refusal.status)]), `${label} ${refusal.status}`);
        continue;
      }
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(Number(success(op)));
      validate(answer, jsonSchema(op.responses[success(op)]), `${label} ${success(op)}`);
    }
  });
});
