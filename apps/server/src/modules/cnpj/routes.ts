import { Hono } from 'hono';
import { cnpjLookupSchema } from '@sede/shared/company';
import type { AppEnv, Services } from '../../services.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requireViewer } from '../../http/middleware.ts';
import { cnpjLookupFor, foundOrThrow } from './instance.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };

/** The fetch-cnpj-data call (spec §7): signed-in only, cache first, providers in order. */
export function cnpjRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const lookup = cnpjLookupFor(s);

  app.post('/lookup', requireViewer(s), async (c) => {
    const { cnpj } = parseWith(cnpjLookupSchema, await readJson(c));
    // The hot path: an in-process copy answers without I/O or a promise chain. A plain
    // Response with a string body is written in one go by @hono/node-server (c.json's went
    // through its streaming path, about twice the cost per request).
    const record = lookup.cached(cnpj) ?? foundOrThrow(await lookup.lookup(cnpj));
    return new Response(JSON.stringify(record), { headers: JSON_HEADERS });
  });

  return app;
}
