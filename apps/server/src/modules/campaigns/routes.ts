import { Hono, type Context } from 'hono';
import { campaignCreateSchema, campaignUpdateSchema, previewQuerySchema, recipientsQuerySchema, sendSchema, senderSchema, testSendSchema } from '@sede/shared/campaigns/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { getSender, saveSender, testSender } from './sender.ts';
import {
  audiencePreview,
  campaignReport,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  listRecipients,
  pauseCampaign,
  previewMessage,
  resumeCampaign,
  sendCampaign,
  testSend,
  updateCampaign,
} from './service.ts';
import { recordClick, recordOpen, unsubscribe, unsubscribeInfo } from './tracking.ts';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * /api/campaigns (issue 15, /campanhas-massa): every member reads, writes and sends (decision
 * 0125); deleting needs `campanhas.delete`. /api/public/campaigns: the open pixel, the click
 * redirect and the unsubscribe, by signed recipient token, without a session.
 */
export function campaignsRoutes(s: Services) {
  const r = areaRouter(s, 'campanhas.read');
  const write = requirePermission('campanhas.write');
  const send = requirePermission('campanhas.send');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
  const myEmail = (c: Context<CompanyEnv>) => c.get('viewer').user.email;

  r.get('/sender', async (c) => c.json(await getSender(s, tenant(c))));
  r.put('/sender', write, async (c) => c.json(await saveSender(s, tenant(c), parseWith(senderSchema, await readJson(c)))));
  r.post('/sender/test', write, async (c) => {
    const input = parseWith(senderSchema, await readJson(c));
    return c.json(await testSender(s, tenant(c), input, myEmail(c)));
  });

  r.get('/', async (c) => c.json({ items: await listCampaigns(s, tenant(c)) }));
  r.post('/', write, async (c) => c.json(await createCampaign(s, tenant(c), parseWith(campaignCreateSchema, await readJson(c))), 201));
  r.get('/:id', async (c) => c.json(await getCampaign(s, tenant(c), c.req.param('id'))));
  r.patch('/:id', write, async (c) => c.json(await updateCampaign(s, tenant(c), c.req.param('id'), parseWith(campaignUpdateSchema, await readJson(c)))));
  r.delete('/:id', requirePermission('campanhas.delete'), async (c) => {
    await deleteCampaign(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.get('/:id/audience', async (c) => c.json(await audiencePreview(s, tenant(c), c.req.param('id'))));
  r.get('/:id/preview', async (c) => c.json(await previewMessage(s, tenant(c), c.req.param('id'), parseWith(previewQuerySchema, c.req.query()).personId)));
  r.post('/:id/test', send, async (c) => {
    const { personId } = parseWith(testSendSchema, await readJson(c));
    return c.json(await testSend(s, tenant(c), c.req.param('id'), myEmail(c), personId));
  });
  r.post('/:id/send', send, async (c) => c.json(await sendCampaign(s, tenant(c), c.req.param('id'), parseWith(sendSchema, await readJson(c)).scheduledAt)));
  r.post('/:id/pause', send, async (c) => c.json(await pauseCampaign(s, tenant(c), c.req.param('id'))));
  r.post('/:id/resume', send, async (c) => c.json(await resumeCampaign(s, tenant(c), c.req.param('id'))));
  r.post('/:id/cancel', send, async (c) => c.json(await cancelCampaign(s, tenant(c), c.req.param('id'))));
  r.get('/:id/recipients', async (c) => c.json(await listRecipients(tenant(c), c.req.param('id'), parseWith(recipientsQuerySchema, c.req.query()))));
  r.get('/:id/report', async (c) => c.json(await campaignReport(s, tenant(c), c.req.param('id'))));

  const pub = new Hono();
  pub.get('/o/:token', async (c) => {
    await recordOpen(s, c.req.param('token'));
    return c.body(PIXEL, 200, { 'content-type': 'image/gif', 'cache-control': 'no-store, max-age=0' });
  });
  pub.get('/c/:token/:index', async (c) => {
    const url = await recordClick(s, c.req.param('token'), Number(c.req.param('index')));
    return c.redirect(url, 302);
  });
  // GET never unsubscribes (a link scanner's GET): a browser is sent to the confirmation page.
  pub.get('/unsubscribe/:token', async (c) => {
    const info = await unsubscribeInfo(s, c.req.param('token'));
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.redirect(`/descadastro/${c.req.param('token')}`, 303);
    return c.json(info);
  });
  // The page's button and the mail client's one-click POST (RFC 8058: any body, usually a form).
  pub.post('/unsubscribe/:token', async (c) => c.json(await unsubscribe(s, c.req.param('token'))));

  const app = new Hono();
  app.route('/public/campaigns', pub);
  app.route('/campaigns', r);
  return app;
}
