import { z } from 'zod';
import { normalizeCnpjInput } from '@sede/shared/cnpj';
import { deepSearchResultSchema } from '@sede/shared/prospecting/deep-search';
import {
  cnaeListSchema,
  lookupQuerySchema,
  municipioListSchema,
  prospectCompanySchema,
  PROSPECTING_MESSAGES,
  prospectSearchResultSchema,
  prospectSearchSchema,
  prospectStatusSchema,
} from '@sede/shared/prospecting/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { deepSearch } from './deep-search.ts';
import { cnaes, company, search, status } from './queries.ts';
import { leadRoutes } from './leads-routes.ts';
import { refreshRoutes } from './refresh-routes.ts';
import { withRevealedContacts } from './leads.ts';
import { municipiosOf } from './municipios-uf.ts';
import { rfPool } from './rf-pool.ts';

const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;
/** A CNPJ in the path, with or without its mask: anything that cannot be one names nothing (404). */
const cnpjParams = z.object({
  cnpj: z
    .string({ error: PROSPECTING_MESSAGES.cnpjNotFound })
    .transform(normalizeCnpjInput)
    .refine((cnpj) => CNPJ_SHAPE.test(cnpj), { message: PROSPECTING_MESSAGES.cnpjNotFound }),
});

/**
 * /api/prospecting (decision 0202): the Receita Federal open data, open to every member
 * (`prospecting.read`, decision 0125). Reference data: the same answers for every company
 * (decision 0202). Contacts are never in these answers (decision 0203).
 */
export function prospectingRoutes(s: Services) {
  const r = areaRouter(s, 'prospecting.read');
  r.get('/status', contract({ summary: 'Situação da base de CNPJs', response: prospectStatusSchema }), async (c) => c.json(await status(rfPool(s))));
  r.get('/search', contract({ summary: 'Buscar empresas na base de CNPJs', query: prospectSearchSchema, response: prospectSearchResultSchema }), async (c) =>
    c.json(await search(rfPool(s), c.req.valid('query'))),
  );
  r.get('/cnaes', contract({ summary: 'Sugerir atividades (CNAE)', query: lookupQuerySchema, response: cnaeListSchema }), async (c) =>
    c.json({ cnaes: await cnaes(rfPool(s), c.req.valid('query').q) }),
  );
  r.get('/municipios', contract({ summary: 'Sugerir municípios', query: lookupQuerySchema, response: municipioListSchema }), async (c) => {
    const q = c.req.valid('query');
    return c.json({ municipios: await municipiosOf(s, rfPool(s), q.q, q.uf) });
  });
  r.get('/companies/:cnpj', contract({ summary: 'Ver empresa pelo CNPJ', params: cnpjParams, response: prospectCompanySchema }), async (c) => {
    const { cnpj } = c.req.valid('param');
    return c.json(await withRevealedContacts(s, c.get('tenant'), cnpj, company(rfPool(s), cnpj)));
  });
  r.get('/deep-search/:cnpj', contract({ summary: 'Pesquisar relações da empresa', params: cnpjParams, response: deepSearchResultSchema }), async (c) =>
    c.json(await deepSearch(rfPool(s), c.req.valid('param').cnpj)),
  );
  leadRoutes(s, r);
  refreshRoutes(s, r);
  return r;
}
