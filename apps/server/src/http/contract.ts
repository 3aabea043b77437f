import type { Context, Env, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { uuidSchema } from '@sede/shared/platform/api';
import { notFound, parseWith, readJson } from './errors.ts';

/**
 * A route's contract, declared at the route (decision 0430): what it takes (path params, query,
 * JSON body) and what it answers, with the shared zod schemas. The one middleware validates the
 * request the same way for every route and feeds the OpenAPI document of the whole API.
 *
 * ```ts
 * r.patch('/employees/:id', requirePermission('hr.write'),
 *   contract({ summary: 'Atualizar colaborador', params: idParams(M.employeeNotFound), body: employeeUpdateSchema, response: employeeSchema }),
 *   async (c) => c.json(await updateEmployee(tenant(c), c.req.valid('param').id, c.req.valid('json'))));
 * ```
 *
 * - `params` that fail answer 404 with the schema's message (an id that is not one names nothing);
 * - `query` and `body` that fail answer 400 with the schema's first Portuguese message;
 * - a body not declared as JSON is 415, JSON that does not parse is 400 (as `readJson`).
 */
export type ContractSpec = {
  /** What the route does, in Portuguese (the operation's summary). */
  summary: string;
  description?: string;
  params?: z.ZodType<Record<string, unknown>>;
  query?: z.ZodType;
  /** A JSON body. Routes that take bytes name their media in `bodyMedia` and read it themselves. */
  body?: z.ZodType;
  /** A body the handler reads itself (an upload, a signed webhook): documented, not parsed here. */
  bodyMedia?: 'multipart/form-data' | 'application/octet-stream' | 'text/plain' | 'application/json';
  /** The successful answer's JSON, or the media of a download ('text/csv', 'application/pdf'…). */
  response?: z.ZodType | { media: string; description?: string };
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302 | 101;
  /** No session needed (public pages' APIs, webhooks). */
  public?: true;
};

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;
type Empty = Record<never, never>;
type Targets<S extends ContractSpec> = {
  in: (S['params'] extends z.ZodType ? { param: In<S['params']> } : Empty) &
    (S['query'] extends z.ZodType ? { query: In<S['query']> } : Empty) &
    (S['body'] extends z.ZodType ? { json: In<S['body']> } : Empty);
  out: (S['params'] extends z.ZodType ? { param: Out<S['params']> } : Empty) &
    (S['query'] extends z.ZodType ? { query: Out<S['query']> } : Empty) &
    (S['body'] extends z.ZodType ? { json: Out<S['body']> } : Empty);
};

/** The marker the contract test and the OpenAPI generation look for. */
export const CONTRACT = Symbol('sede.contract');

const ERROR_SCHEMA = z.object({ error: z.string(), code: z.string() }).loose();
const errorResponse = (description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: resolver(ERROR_SCHEMA) as never } },
});

function parameters(target: 'path' | 'query', schema: z.ZodType | undefined): OpenAPIV3_1.ParameterObject[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, OpenAPIV3_1.SchemaObject>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    in: target,
    name,
    required: target === 'path' || Boolean(json.required?.includes(name)),
    schema: property,
  })) as OpenAPIV3_1.ParameterObject[];
}

function openApiOperation(spec: ContractSpec) {
  const status = String(spec.status ?? 200);
  const ok: OpenAPIV3_1.ResponseObject =
    spec.response === undefined
      ? { description: 'OK' }
      : spec.response instanceof z.ZodType
        ? { description: 'OK', content: { 'application/json': { schema: resolver(spec.response) as never } } }
        : { description: spec.response.description ?? 'Arquivo', content: { [spec.response.media]: {} } };
  const bodyMedia = spec.body ? 'application/json' : spec.bodyMedia;
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    // Computed when the document is generated, never on the request path.
    get parameters() {
      return [...parameters('path', spec.params), ...parameters('query', spec.query)];
    },
    ...(bodyMedia
      ? { requestBody: { required: true, content: { [bodyMedia]: spec.body ? { schema: resolver(spec.body) } : {} } } }
      : {}),
    responses: {
      [status]: ok,
      ...(spec.params ? { 404: errorResponse('Não encontrado') } : {}),
      ...(spec.query || spec.body ? { 400: errorResponse('Dados inválidos') } : {}),
      ...(spec.public ? {} : { 401: errorResponse('Sem sessão'), 403: errorResponse('Sem permissão') }),
    },
    ...(spec.public ? { security: [] } : {}),
  };
}

/**
 * Under the test runner every JSON answer is checked against its contract: an answer that does
 * not match becomes a 500 naming the differences, so a contract cannot drift from the code.
 */
const CHECK_RESPONSES = (process.env.SEDE_CHECK_CONTRACTS ?? (process.env.VITEST ? 'on' : 'off')) === 'on';

async function checkResponse(c: Context, schema: z.ZodType) {
  const res = c.res;
  if (res.status < 200 || res.status >= 300 || !res.headers.get('content-type')?.includes('application/json')) return;
  const result = schema.safeParse(await res.clone().json());
  if (result.success) return;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`);
  console.error('[contract] answer does not match its contract:', c.req.method, c.req.path, issues);
  c.res = new Response(JSON.stringify({ error: 'Resposta fora do contrato', code: 'CONTRACT_MISMATCH', issues }), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });
}

function firstMessage(error: z.ZodError) {
  return error.issues[0]?.message ?? 'Não encontrado';
}

/** Validates what the spec declares and hands it to the handler through `c.req.valid(…)`. */
export function contract<const S extends ContractSpec, E extends Env = any, P extends string = string>(spec: S): MiddlewareHandler<E, P, Targets<S>> {
  const middleware: MiddlewareHandler<E, P, Targets<S>> = async (c, next) => {
    const req = c.req as unknown as Context['req'] & { addValidatedData(target: string, data: object): void };
    if (spec.params) {
      const parsed = spec.params.safeParse(c.req.param());
      if (!parsed.success) throw notFound(firstMessage(parsed.error));
      req.addValidatedData('param', parsed.data as object);
    }
    if (spec.query) req.addValidatedData('query', parseWith(spec.query, c.req.query()) as object);
    if (spec.body) req.addValidatedData('json', parseWith(spec.body, await readJson(c)) as object);
    await next();
    if (CHECK_RESPONSES && spec.response instanceof z.ZodType) await checkResponse(c, spec.response);
  };
  return Object.assign(middleware, { [CONTRACT]: spec, [uniqueSymbol]: { spec: openApiOperation(spec) } });
}

/**
 * Path params that are ids: `idParams(M.notFound)` for `/:id`, or one message per name
 * (`idParams({ id: M.employeeNotFound, leaveId: M.leaveNotFound })`). An id that is not one answers 404.
 */
export function idParams(message?: string): z.ZodObject<{ id: z.ZodGUID }>;
export function idParams<const K extends string>(messages: Record<K, string>): z.ZodObject<Record<K, z.ZodGUID>>;
export function idParams(messages: string | Record<string, string> = 'Não encontrado') {
  const entries = typeof messages === 'string' ? [['id', messages] as const] : Object.entries(messages);
  return z.object(Object.fromEntries(entries.map(([name, message]) => [name, uuidSchema(message)])));
}

/**
 * The answer of a route that acts without returning a record (a deletion, an action): waits for
 * `work` and answers `{ success: true }` (`okSchema`), or the older `{ ok: true }` (`okFlagSchema`).
 */
export const answerSuccess = async <C extends Context>(c: C, work: Promise<unknown>) => {
  await work;
  return c.json({ success: true as const });
};
export const answerOk = async <C extends Context>(c: C, work: Promise<unknown>) => {
  await work;
  return c.json({ ok: true as const });
};
