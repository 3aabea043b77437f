import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '@sede/db/client';
import { aiStatusSchema, aiTestResultSchema, companySummaryRequestSchema, companySummaryResultSchema, companySummarySchema, type AiStatus, type AiTestResult, type CompanySummaryResult } from '@sede/shared/platform/ai';
import type { AppEnv, CompanyEnv, Services } from '../../services.ts';
import { contract } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { companySummaryV1, connectionTestV1, generateStructured, platformAiConfigured, requireAiCredentials } from '../../platform/ai/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';

/** The AI gateway's endpoints: whether AI is configured, a key test, and 'Resumo da empresa'. */
export function aiRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));

  app.get('/status', contract({ summary: 'Ver se a IA está configurada', response: aiStatusSchema }), (c) => {
    const platform = platformAiConfigured(s.cfg);
    c.header('Cache-Control', 'no-store');
    return c.json({ platform, model: platform ? s.cfg.AI_MODEL : null } satisfies AiStatus);
  });

  /** A tiny structured completion with the request's credentials (own key headers, else the platform's). Free. */
  app.post('/test', contract({ summary: 'Testar a conexão com a IA', response: aiTestResultSchema }), async (c) => {
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const r = await generateStructured(s, creds, { prompt: connectionTestV1, input: {}, schema: z.object({ ok: z.boolean() }), maxTokens: 50 });
    return c.json({ ok: true, source: creds.source, model: r.model } satisfies AiTestResult);
  });

  const company = new Hono<CompanyEnv>();
  company.use('*', requireCompany);

  /** 'Resumo da empresa' (ai.company_summary): the first paid AI action, charged once per request id. */
  company.post('/company-summary', contract({ summary: 'Gerar o resumo da empresa', body: companySummaryRequestSchema, response: companySummaryResultSchema }), async (c) => {
    const { requestId } = c.req.valid('json');
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const tenant = c.get('tenant');
    const [row] = await tenant.db.select().from(schema.companies).where(eq(schema.companies.id, tenant.companyId));
    if (!row) throw notFound('Empresa não encontrada');
    const out = await runPaidAction(s, tenant, { action: 'ai.company_summary', reference: `company-summary:${requestId}`, ownKey: creds.source === 'own' }, () =>
      generateStructured(s, creds, {
        prompt: companySummaryV1,
        input: {
          razaoSocial: row.name,
          nomeFantasia: row.fantasia,
          cnpj: row.cnpj,
          cidade: row.city,
          uf: row.state,
          atividadePrincipal: row.atividadePrincipal,
          areas: row.onboardingAreas ?? [],
        },
        schema: companySummarySchema,
      }),
    );
    return c.json({ summary: out.result.data, charged: out.charged, balance: out.balance } satisfies CompanySummaryResult);
  });

  app.route('/', company);
  return app;
}
