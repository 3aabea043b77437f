import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { publicErrorSchema } from '@sede/shared/platform/public-api';
import { keyPermissionsOf, type KeyPermissions } from '../../http/api-key.ts';
import { GUIDE } from './guide.ts';
import { UPLOAD_FORM_SCHEMA } from './upload.ts';

type Operation = OpenAPIV3_1.OperationObject;
type Document = OpenAPIV3_1.Document;

export const V1_PREFIX = '/api/v1';
/** Routes of /api/v1 that are not the API itself (the document, the browser's CORS pre-check). */
const NOT_DOCUMENTED = [/^\/openapi\.json$/];

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string, headers?: Record<string, OpenAPIV3_1.HeaderObject>): OpenAPIV3_1.ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ERROR_REF } },
});
const header = (description: string): OpenAPIV3_1.HeaderObject => ({ description, schema: { type: 'integer' } });
const RATE_HEADERS = {
  'RateLimit-Limit': header('Chamadas permitidas por minuto a esta chave.'),
  'RateLimit-Remaining': header('Chamadas que ainda cabem na janela atual.'),
  'RateLimit-Reset': header('Segundos até a janela recomeçar.'),
};

/** Groups of the reference, by the path's first segment. */
const TAGS: Record<string, { name: string; description: string }> = {
  people: { name: 'Pessoas', description: 'As pessoas da base de contatos da empresa.' },
  organizations: { name: 'Organizações', description: 'As empresas da base de contatos (clientes, fornecedores, parceiros).' },
  pipelines: { name: 'Funis', description: 'Os funis de vendas e suas etapas.' },
  deals: { name: 'Negócios', description: 'Os negócios do CRM.' },
  receivables: { name: 'Contas a receber', description: 'O que os clientes devem à empresa: lançamentos, parcelas e recebimentos.' },
  payables: { name: 'Contas a pagar', description: 'O que a empresa deve: lançamentos, parcelas e pagamentos.' },
  leads: { name: 'Captura de leads', description: 'O formulário de um site envia um contato para uma lista ou um funil.' },
  products: { name: 'Produtos e serviços', description: 'O catálogo que os orçamentos usam.' },
  quotes: { name: 'Orçamentos', description: 'Os orçamentos dos negócios, com seus itens e a resposta do cliente.' },
  tasks: { name: 'Tarefas e atividades', description: 'Tarefas, ligações, reuniões, e-mails e anotações em negócios, orçamentos, projetos e contas, ou pessoais.' },
  projects: { name: 'Projetos', description: 'Os projetos e as tarefas dos seus quadros.' },
  'project-tasks': { name: 'Projetos', description: 'Os projetos e as tarefas dos seus quadros.' },
  files: { name: 'Arquivos', description: 'Arquivos de negócios, orçamentos, projetos e contas: envio e link assinado de download.' },
};
/** A path under another resource that belongs to its own group. */
const TAG_OF_PATH: Record<string, string> = { '/deals/{id}/quotes': 'quotes' };
const tagOf = (path: string) => TAGS[TAG_OF_PATH[path] ?? path.split('/')[1] ?? '']?.name ?? 'Outros';

/** Makes one operation of the key's API: bearer, the public errors, 429, Idempotency-Key on POST. */
function publicOperation(method: string, operation: Operation, path: string, needs: KeyPermissions | undefined) {
  if (needs) {
    const [list, joiner] = 'anyOf' in needs ? [needs.anyOf, ' ou '] : [needs.allOf, ' e '];
    const words = `Permissão da chave: ${list.map((p) => `\`${p}\``).join(joiner)}${'orFormKey' in needs && needs.orFormKey ? ', ou uma chave de formulário' : ''}.`;
    operation.description = operation.description ? `${operation.description}\n\n${words}` : words;
    (operation as Operation & { 'x-permissions': KeyPermissions })['x-permissions'] = needs;
  }
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const responses = operation.responses ?? {};
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (code >= 400) responses[status] = errorResponse((response as OpenAPIV3_1.ResponseObject).description);
    else if (!isPublic) (response as OpenAPIV3_1.ResponseObject).headers = { ...RATE_HEADERS, ...(response as OpenAPIV3_1.ResponseObject).headers };
  }
  if (!isPublic) {
    responses['401'] = errorResponse('Chave ausente, inválida, revogada ou vencida');
    responses['403'] = errorResponse('A chave não tem a permissão desta rota');
    responses['429'] = errorResponse('Limite de chamadas da chave atingido', { 'Retry-After': header('Segundos até poder chamar de novo.') });
  }
  if (method === 'post') {
    responses['409'] ??= errorResponse('Conflito (por exemplo, a Idempotency-Key já foi usada com outro corpo)');
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        in: 'header',
        name: 'Idempotency-Key',
        required: false,
        description: 'Um identificador único da operação (um UUID): repetir a chamada com ele devolve a primeira resposta.',
        schema: { type: 'string', maxLength: 255 },
      },
    ];
  }
  // A form the handler reads itself (the upload) is described here: the contract only names its media.
  const form = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['multipart/form-data'];
  if (form && !form.schema) form.schema = structuredClone(UPLOAD_FORM_SCHEMA) as never;
  operation.tags = [tagOf(path)];
  operation.operationId = `${method}${path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(\w)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`;
}

/** What each route asks of a key (`get /people/{id}` → its guard's permissions), read from the guards. */
function permissionsByOperation(router: Hono<never>) {
  const out = new Map<string, KeyPermissions>();
  for (const route of router.routes) {
    const needs = keyPermissionsOf(route.handler);
    if (needs) out.set(`${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`, needs);
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the routes' contracts (decision 0643):
 * never written by hand. The committed copy (docs/api/openapi.v1.json) is what the diff check
 * compares it with, so a change that breaks an integration fails the build.
 */
export async function publicApiDocument(router: Hono<never>, baseUrl: string): Promise<Document> {
  const generated = await generateSpecs(router, { exclude: NOT_DOCUMENTED });
  const needs = permissionsByOperation(router);
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [path, item] of Object.entries(generated.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const out: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (method === 'options' || !operation || typeof operation !== 'object') continue;
      publicOperation(method, operation as Operation, path, needs.get(`${method} ${path}`));
      out[method] = operation as Operation;
    }
    if (Object.keys(out).length) paths[`${V1_PREFIX}${path}`] = out;
  }
  const usedTags = new Set(Object.values(paths).flatMap((item) => Object.values(item ?? {}).flatMap((op) => (op as Operation).tags ?? [])));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sede — API pública',
      version: '1',
      description: GUIDE.replaceAll('{BASE}', baseUrl),
    },
    servers: [{ url: baseUrl, description: 'Este servidor da Sede' }],
    security: [{ chave: [] }],
    tags: [...new Map(Object.values(TAGS).map((t) => [t.name, t])).values()].filter((t) => usedTags.has(t.name)),
    paths,
    components: {
      ...generated.components,
      securitySchemes: {
        chave: { type: 'http', scheme: 'bearer', bearerFormat: 'sede_live_…', description: 'A chave de API da empresa (Administração → Integrações).' },
      },
      schemas: { ...generated.components?.schemas, Error: z.toJSONSchema(publicErrorSchema) as OpenAPIV3_1.SchemaObject },
    },
  };
}
