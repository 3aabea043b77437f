import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { CONTRACT, type ContractSpec } from './contract.ts';

/** Routes that are not ours to describe: the API's catch-all 404 (better-auth's mount has one contract naming the library). */
const NOT_OURS = [/^\/api\/\*$/];

type Route = { method: string; path: string; handler: unknown };

/** Which module declared each endpoint (`GET /api/rh/employees` → 'rh'), recorded as modules are mounted. */
const owners = new WeakMap<object, Map<string, string>>();
export function recordOwner(app: object, method: string, path: string, moduleKey: string) {
  if (!owners.has(app)) owners.set(app, new Map());
  owners.get(app)!.set(`${method} ${path}`, moduleKey);
}


/** The contract a route declares, if any (the middleware carries its spec). */
export const contractOf = (handler: unknown): ContractSpec | undefined => (handler as Record<symbol, ContractSpec | undefined>)[CONTRACT];

/** Every API endpoint (method + path) of the app, with the contract it declares (undefined: none). */
export function apiEndpoints(app: Hono<never>) {
  const endpoints = new Map<string, { method: string; path: string; module: string; contract?: ContractSpec }>();
  for (const route of app.routes as Route[]) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || NOT_OURS.some((re) => re.test(route.path))) continue;
    const key = `${route.method} ${route.path}`;
    const entry = endpoints.get(key) ?? { method: route.method, path: route.path, module: owners.get(app)?.get(key) ?? 'platform' };
    entry.contract ??= contractOf(route.handler);
    endpoints.set(key, entry);
  }
  return [...endpoints.values()];
}

/** The OpenAPI 3.1 document of the whole API, tagged by module (decision 0430). */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

export async function openApiDocument(app: Hono<never>) {
  const doc = await generateSpecs(app, {
    documentation: {
      info: { title: 'Sede API', version: '1.0.0', description: 'A API da Sede: cada rota declara seu contrato (parâmetros, corpo e resposta).' },
    },
    exclude: NOT_OURS,
  });
  const tagOf = new Map(apiEndpoints(app).map((e) => [`${e.method.toLowerCase()} ${toOpenApiPath(e.path)}`, e.module]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (operation && typeof operation === 'object' && !Array.isArray(operation)) (operation as { tags?: string[] }).tags = [tagOf.get(`${method} ${path}`) ?? 'platform'];
    }
  }
  return doc;
}
