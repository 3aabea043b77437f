import { normalizeCnpjInput } from '@sede/shared/cnpj';
import { lookupQuerySchema, PROSPECTING_MESSAGES, prospectSearchSchema } from '@sede/shared/prospecting/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { notFound, parseWith } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { deepSearch } from './deep-search.ts';
import { cnaes, company, search, status } from './queries.ts';
import { leadRoutes } from './leads-routes.ts';
import { refreshRoutes } from './refresh-routes.ts';
import { withRevealedContacts } from './leads.ts';
import { municipiosOf } from './municipios-uf.ts';
import { rfPool } from './rf-pool.ts';

const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * /api/prospecting (issue 14 items 2–3): the Receita Federal open data, open to every member
 * (`prospeccao.read`, decision 0125). Reference data: the same answers for every company
 * (decision 0202). Contacts are never in these answers (decision 0203).
 */
export function prospectingRoutes(s: Services) {
  const r = areaRouter(s, 'prospeccao.read');
  r.get('/status', async (c) => c.json(await status(rfPool(s))));
  r.get('/search', async (c) => c.json(await search(rfPool(s), parseWith(prospectSearchSchema, c.req.query()))));
  r.get('/cnaes', async (c) => c.json({ cnaes: await cnaes(rfPool(s), parseWith(lookupQuerySchema, c.req.query()).q) }));
  r.get('/municipios', async (c) => {
    const q = parseWith(lookupQuerySchema, c.req.query());
    return c.json({ municipios: await municipiosOf(s, rfPool(s), q.q, q.uf) });
  });
  r.get('/companies/:cnpj', async (c) => {
    const cnpj = normalizeCnpjInput(c.req.param('cnpj'));
    if (!CNPJ_SHAPE.test(cnpj)) throw notFound(PROSPECTING_MESSAGES.cnpjNotFound);
    return c.json(await withRevealedContacts(s, c.get('tenant'), await company(rfPool(s), cnpj)));
  });
  r.get('/deep-search/:cnpj', async (c) => {
    const cnpj = normalizeCnpjInput(c.req.param('cnpj'));
    if (!CNPJ_SHAPE.test(cnpj)) throw notFound(PROSPECTING_MESSAGES.cnpjNotFound);
    return c.json(await deepSearch(rfPool(s), cnpj));
  });
  leadRoutes(s, r);
  refreshRoutes(s, r);
  return r;
}
