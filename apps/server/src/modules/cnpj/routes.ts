import { Hono } from 'hono';
import { cnpjLookupSchema } from '@sede/shared/company';
import type { AppEnv, Services } from '../../services.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requireViewer } from '../../http/middleware.ts';
import { cnpjLookupFor, foundOrThrow } from './instance.ts';

/** The fetch-cnpj-data call (spec §7): signed-in only, cache first, providers in order. */
export function cnpjRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const lookup = cnpjLookupFor(s);

  app.post('/lookup', requireViewer(s), async (c) => {
    const { cnpj } = parseWith(cnpjLookupSchema, await readJson(c));
    return c.json(foundOrThrow(await lookup.lookup(cnpj)));
  });

  return app;
}
