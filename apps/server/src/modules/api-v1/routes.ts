import { Hono } from 'hono';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract } from '../../http/contract.ts';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { v1Access } from './access.ts';
import { contactRoutes } from './contacts.ts';
import { dealRoutes } from './deals.ts';
import { publicErrors } from './errors.ts';
import { fileRoutes } from './files.ts';
import { chargeRoutes } from './charges.ts';
import { financeRoutes } from './finance.ts';
import { leadRoutes } from './leads.ts';
import { publicApiDocument } from './openapi.ts';
import { projectRoutes } from './projects.ts';
import { quoteRoutes } from './quotes.ts';
import { taskRoutes } from './tasks.ts';

/**
 * /api/v1: the public API (decisions 0640–0644). Each route calls the same service as the app's
 * own route, with the shared schemas of its contract; the key's guards come first, every error
 * answers the public shape, and the OpenAPI document is generated from these routes.
 */
export function publicApiRoutes(s: Services) {
  const r = new Hono<ApiKeyEnv>();
  r.use('*', publicErrors);
  const access = v1Access(s);
  contactRoutes(r, s, access);
  dealRoutes(r, s, access);
  financeRoutes(r, access);
  chargeRoutes(r, s, access);
  leadRoutes(r, s, access);
  quoteRoutes(r, access);
  projectRoutes(r, s, access);
  taskRoutes(r, s, access);
  fileRoutes(r, s, access);

  const document = () => serverState(s, 'api-v1.document', () => publicApiDocument(r as never, s.cfg.appUrl));
  r.get('/openapi.json', contract({ summary: 'Documento OpenAPI 3.1 da API pública', public: true, response: { media: 'application/json', description: 'O documento OpenAPI' } }), async (c) => {
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await document());
  });
  return r;
}
