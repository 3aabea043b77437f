import { Hono } from 'hono';
import { z } from 'zod';
import { normalizedCompanySchema } from '@sede/shared/cnpj';
import { cnpjLookupSchema } from '@sede/shared/company';
import type { AppEnv, Services } from '../../services.ts';
import { contract } from '../../http/contract.ts';
import { parseWith, unauthenticated } from '../../http/errors.ts';
import { cookieHeader, requireViewer } from '../../http/middleware.ts';
import { securedResponder } from '../../http/security.ts';
import { cnpjLookupFor, foundOrThrow } from './instance.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };

/** Any path segment: the handler validates it (a 400 in Portuguese, never a 404). */
const cnpjParams = z.object({ cnpj: z.string() });
/** `{ cnpj }`; whatever else the body is, its missing CNPJ gets the CNPJ's own message. */
const lookupBody = z.preprocess((body) => ({ cnpj: (body as { cnpj?: unknown } | null)?.cnpj }), cnpjLookupSchema);

/** The fetch-cnpj-data call (spec §7): signed-in only, cache first, providers in order. */
export function cnpjRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const lookup = cnpjLookupFor(s);
  // Cached records are immutable objects: serialise each once.
  const jsonOf = new WeakMap<object, string>();
  // A plain Response with a string body and a plain header record, the security headers already in
  // it, is written in one go by @hono/node-server (decision 0763).
  const secured = securedResponder(s.cfg, JSON_HEADERS);
  const respond = (record: object) => {
    let json = jsonOf.get(record);
    if (json === undefined) jsonOf.set(record, (json = JSON.stringify(record)));
    return secured(json);
  };

  const respondTo = async (cnpj: string) => respond(lookup.cached(cnpj) ?? foundOrThrow(await lookup.lookup(cnpj)));
  const answer = (cnpjInput: string) => respondTo(parseWith(cnpjLookupSchema, { cnpj: cnpjInput }).cnpj);

  /**
   * GET /api/cnpj/:cnpj — what the setup page calls. The hot path (a cached session and a
   * cached company; only valid CNPJs are ever cached) answers without awaiting, like GET /api/me.
   * The CNPJ is checked here, not by the contract: a malformed one is a 400, not a 404.
   */
  app.get('/:cnpj', contract({ summary: 'Consultar CNPJ', params: cnpjParams, response: normalizedCompanySchema }), (c): Response | Promise<Response> => {
    const param = c.req.param('cnpj');
    if (s.viewers.peek(cookieHeader(c))) {
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
  app.post('/lookup', requireViewer(s), contract({ summary: 'Consultar CNPJ (corpo JSON)', body: lookupBody, response: normalizedCompanySchema }), async (c) =>
    respondTo(c.req.valid('json').cnpj),
  );

  return app;
}
