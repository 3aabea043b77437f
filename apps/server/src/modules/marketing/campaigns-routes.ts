import { okFlagSchema } from '@sede/shared/platform/api';
import type { Context, Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import {
  CAMPAIGN_MESSAGES,
  campaignCreateSchema,
  campaignDetailSchema,
  campaignFinishSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignUpdateSchema,
} from '@sede/shared/marketing/campaigns';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { conflict } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { campaignReportPdf } from './campaigns-report.ts';
import { createCampaign, deleteCampaign, finishCampaign, getCampaign, listCampaigns, reopenCampaign, updateCampaign } from './campaigns-service.ts';

const campaignId = idParams(CAMPAIGN_MESSAGES.notFound);

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'campanha';

/** /api/marketing/campaigns: marketing campaigns, their conclusion and the finished campaign's report. */
export function campaignsRoutes(r: Hono<CompanyEnv>) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const write = requirePermission('marketing.write');
  r.get('/campaigns', contract({ summary: 'Listar campanhas de marketing', query: campaignListQuerySchema, response: campaignListSchema }), async (c) =>
    c.json(await listCampaigns(t(c), c.req.valid('query'))),
  );
  r.post('/campaigns', write, contract({ summary: 'Criar campanha de marketing', body: campaignCreateSchema, response: campaignDetailSchema, status: 201 }), async (c) =>
    c.json(await createCampaign(t(c), c.req.valid('json')), 201),
  );
  r.get('/campaigns/:id', contract({ summary: 'Ver campanha de marketing', params: campaignId, response: campaignDetailSchema }), async (c) => c.json(await getCampaign(t(c), c.req.valid('param').id)));
  r.patch('/campaigns/:id', write, contract({ summary: 'Alterar campanha de marketing', params: campaignId, body: campaignUpdateSchema, response: campaignDetailSchema }), async (c) =>
    c.json(await updateCampaign(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/campaigns/:id/finish', write, contract({ summary: 'Concluir campanha de marketing', params: campaignId, body: campaignFinishSchema, response: campaignDetailSchema }), async (c) =>
    c.json(await finishCampaign(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/campaigns/:id/reopen', write, contract({ summary: 'Reabrir campanha de marketing', params: campaignId, response: campaignDetailSchema }), async (c) =>
    c.json(await reopenCampaign(t(c), c.req.valid('param').id)),
  );
  r.delete('/campaigns/:id', requirePermission('marketing.delete'), contract({ summary: 'Excluir campanha de marketing', params: campaignId, response: okFlagSchema }), async (c) => answerOk(c, deleteCampaign(t(c), c.req.valid('param').id)));
  r.get('/campaigns/:id/report.pdf', contract({ summary: 'Relatório final da campanha (PDF)', params: campaignId, response: { media: 'application/pdf' } }), async (c) => {
    const campaign = await getCampaign(t(c), c.req.valid('param').id);
    if (campaign.status !== 'concluida') throw conflict(CAMPAIGN_MESSAGES.notFinished, 'MARKETING_CAMPAIGN_NOT_FINISHED');
    const [company] = await t(c).db.select({ name: schema.companies.name, fantasia: schema.companies.fantasia }).from(schema.companies).where(eq(schema.companies.id, t(c).companyId));
    const pdf = await campaignReportPdf(company?.fantasia || company?.name || 'Sede', campaign);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="relatorio-${slug(campaign.name)}.pdf"`,
      'cache-control': 'no-store',
    });
  });
}
