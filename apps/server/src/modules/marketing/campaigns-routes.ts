import type { Context, Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CAMPAIGN_MESSAGES, campaignCreateSchema, campaignFinishSchema, campaignListQuerySchema, campaignUpdateSchema } from '@sede/shared/marketing/campaigns';
import { conflict, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { campaignReportPdf } from './campaigns-report.ts';
import { createCampaign, deleteCampaign, finishCampaign, getCampaign, listCampaigns, reopenCampaign, updateCampaign } from './campaigns-service.ts';

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
  r.get('/campaigns', async (c) => c.json(await listCampaigns(t(c), parseWith(campaignListQuerySchema, c.req.query()))));
  r.post('/campaigns', write, async (c) => c.json(await createCampaign(t(c), parseWith(campaignCreateSchema, await readJson(c))), 201));
  r.get('/campaigns/:id', async (c) => c.json(await getCampaign(t(c), c.req.param('id'))));
  r.patch('/campaigns/:id', write, async (c) => c.json(await updateCampaign(t(c), c.req.param('id'), parseWith(campaignUpdateSchema, await readJson(c)))));
  r.post('/campaigns/:id/finish', write, async (c) => c.json(await finishCampaign(t(c), c.req.param('id'), parseWith(campaignFinishSchema, await readJson(c)))));
  r.post('/campaigns/:id/reopen', write, async (c) => c.json(await reopenCampaign(t(c), c.req.param('id'))));
  r.delete('/campaigns/:id', requirePermission('marketing.delete'), async (c) => {
    await deleteCampaign(t(c), c.req.param('id'));
    return c.json({ ok: true });
  });
  r.get('/campaigns/:id/report.pdf', async (c) => {
    const campaign = await getCampaign(t(c), c.req.param('id'));
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
