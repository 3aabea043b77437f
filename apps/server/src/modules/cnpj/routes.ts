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

  const answer = async (cnpjInput: unknown) => {
    const { cnpj } = parseWith(cnpjLookupSchema, { cnpj: cnpjInput });
    // A plain Response with a string body is written in one go by @hono/node-server (c.json's
    // went through its streaming path, about twice the cost per request).
    const record = lookup.cached(cnpj) ?? foundOrThrow(await lookup.lookup(cnpj));
    return new Response(JSON.stringify(record), { headers: JSON_HEADERS });
  };

  /**
   * GET /api/cnpj/:cnpj — what the setup page calls. The hot path (a cached session and a
   * cached company) runs without middleware, I/O or body parsing, like GET /api/me.
   */
  app.get('/:cnpj', async (c) => {
    const signedIn = s.viewers.peek(c.req.raw.headers.get('cookie')) ?? (await s.viewers.fromHeaders(c.req.raw.headers));
    if (!signedIn) throw unauthenticated();
    return answer(c.req.param('cnpj'));
  });

  /** POST /api/cnpj/lookup {cnpj} — the same call with a JSON body. */
  app.post('/lookup', requireViewer(s), async (c) => {
    const body = (await readJson(c)) as { cnpj?: unknown } | null;
    return answer(body?.cnpj);
  });

  return app;
}
