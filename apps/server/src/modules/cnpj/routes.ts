import { Hono } from 'hono';
import { cnpjLookupSchema } from '@sede/shared/company';
import type { AppEnv, Services } from '../../services.ts';
import { parseWith, readJson, unauthenticated } from '../../http/errors.ts';
import { requireViewer } from '../../http/middleware.ts';
import { cnpjLookupFor, foundOrThrow } from './instance.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };

/** The fetch-cnpj-data call (spec §7): signed-in only, cache first, providers in order. */
export function cnpjRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const lookup = cnpjLookupFor(s);
  // Cached records are immutable objects: serialise each once.
  const jsonOf = new WeakMap<object, string>();
  const respond = (record: object) => {
    let json = jsonOf.get(record);
    if (json === undefined) jsonOf.set(record, (json = JSON.stringify(record)));
    // A plain Response with a string body is written in one go by @hono/node-server.
    return new Response(json, { headers: JSON_HEADERS });
  };

  const answer = async (cnpjInput: unknown) => {
    const { cnpj } = parseWith(cnpjLookupSchema, { cnpj: cnpjInput });
    return respond(lookup.cached(cnpj) ?? foundOrThrow(await lookup.lookup(cnpj)));
  };

  /**
   * GET /api/cnpj/:cnpj — what the setup page calls. The hot path (a cached session and a
   * cached company; only valid CNPJs are ever cached) is synchronous, like GET /api/me.
   */
  app.get('/:cnpj', (c): Response | Promise<Response> => {
    const param = c.req.param('cnpj');
    if (s.viewers.peek(c.req.raw.headers.get('cookie'))) {
      const hit = lookup.cached(param);
      if (hit) return respond(hit);
      return answer(param);
    }
    return s.viewers.fromHeaders(c.req.raw.headers).then((signedIn): Promise<Response> => {
      if (!signedIn) throw unauthenticated();
      return answer(param);
    });
  });

  /** POST /api/cnpj/lookup {cnpj} — the same call with a JSON body. */
  app.post('/lookup', requireViewer(s), async (c) => {
    const body = (await readJson(c)) as { cnpj?: unknown } | null;
    return answer(body?.cnpj);
  });

  return app;
}
