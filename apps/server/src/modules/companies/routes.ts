import { Hono, type Context } from 'hono';
import { companyAnswerSchema, createCompanySchema, needsEnrichment, updateCompanySchema } from '@sede/shared/company';
import type { AppEnv, CompanyEnv, Services } from '../../services.ts';
import { contract } from '../../http/contract.ts';
import { requireAdmin, requireCompany, requireViewer } from '../../http/middleware.ts';
import { cnpjLookupFor } from '../cnpj/public.ts';
import { createEnricher } from './enrichment.ts';
import { createCompany, getCompanyDetails, refreshCompanyFromRegistry, updateCompany } from './service.ts';

const actorOf = (c: Context<CompanyEnv>) => ({ userId: c.get('viewer').user.id, userAgent: c.req.header('user-agent') ?? null });

export function companiesRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const lookup = cnpjLookupFor(s);
  const enricher = createEnricher(s, lookup);

  /** Company setup: the signed-in person links a company by its CNPJ and becomes its admin. */
  app.post('/', requireViewer(s), contract({ summary: 'Cadastrar empresa pelo CNPJ', body: createCompanySchema, response: companyAnswerSchema, status: 201 }), async (c) => {
    const company = await createCompany(s, lookup, c.get('viewer'), c.req.valid('json'));
    if (needsEnrichment(company)) void enricher.run(company.id);
    return c.json({ company }, 201);
  });

  /** The caller's company with its registration data (the company id comes from the session). */
  app.get('/current', requireViewer(s), requireCompany, contract({ summary: 'Ver a empresa', response: companyAnswerSchema }), async (c) => {
    const company = await getCompanyDetails(c.get('tenant').db, c.get('companyId'));
    if (needsEnrichment(company)) void enricher.run(company.id);
    return c.json({ company });
  });

  app.patch('/current', requireViewer(s), requireAdmin, contract({ summary: 'Alterar dados da empresa', body: updateCompanySchema, response: companyAnswerSchema }), async (c) => {
    const company = await updateCompany(c.get('tenant'), c.req.valid('json'), actorOf(c));
    return c.json({ company });
  });

  /** Replaces the registry fields with a fresh lookup (the button on /empresa-perfil). */
  app.post('/current/refresh', requireViewer(s), requireAdmin, contract({ summary: 'Atualizar dados da Receita', response: companyAnswerSchema }), async (c) => {
    const company = await refreshCompanyFromRegistry(lookup, c.get('tenant'), actorOf(c));
    return c.json({ company });
  });

  return app;
}
