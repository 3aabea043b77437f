import { Hono, type Context } from 'hono';
import { audiencePreviewSchema, CAMPAIGN_MESSAGES as M, campaignCreateSchema, campaignListSchema, campaignReportSchema, campaignUpdateSchema, campaignViewSchema, messagePreviewSchema, previewQuerySchema, recipientPageSchema, recipientsQuerySchema, recipientTokenParamsSchema, sendSchema, senderSchema, senderViewSchema, testMessageSchema, testSendSchema, unsubscribedSchema, unsubscribeInfoSchema } from '@sede/shared/campaigns/schemas';
import { z } from 'zod';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { recordRoutes } from '../../http/record-routes.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { getSender, saveSender, testSender } from './sender.ts';
import { audiencePreview, campaignReport, cancelCampaign, createCampaign, deleteCampaign, getCampaign, listCampaigns, listRecipients, pauseCampaign, previewMessage, resumeCampaign, sendCampaign, testSend, updateCampaign } from './service.ts';
import { recordClick, recordOpen, unsubscribe, unsubscribeInfo } from './tracking.ts';

const campaignId = idParams(M.notFound);
const token = recipientTokenParamsSchema;

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * /api/campaigns (/campanhas-massa): every member reads, writes and sends (decision
 * 0125); deleting needs `campaigns.delete`. /api/public/campaigns: the open pixel, the click
 * redirect and the unsubscribe, by signed recipient token, without a session.
 */
export function campaignsRoutes(s: Services) {
  const r = areaRouter(s, 'campaigns.read');
  const write = requirePermission('campaigns.write');
  const send = requirePermission('campaigns.send');
  const myEmail = (c: Context<CompanyEnv>) => c.get('viewer').user.email;

  r.get('/sender', contract({ summary: 'Ver o remetente das campanhas', response: senderViewSchema }), async (c) => c.json(await getSender(s, tenant(c))));
  r.put('/sender', write, contract({ summary: 'Configurar o remetente das campanhas', body: senderSchema, response: senderViewSchema }), async (c) =>
    c.json(await saveSender(s, tenant(c), c.req.valid('json'))),
  );
  r.post('/sender/test', write, contract({ summary: 'Testar o remetente das campanhas', body: senderSchema, response: testMessageSchema }), async (c) =>
    c.json(await testSender(s, tenant(c), c.req.valid('json'), myEmail(c))),
  );

  r.get('/', contract({ summary: 'Listar campanhas', response: campaignListSchema }), async (c) => c.json({ items: await listCampaigns(tenant(c)) }));
  recordRoutes(r, '/', campaignId, campaignViewSchema, {
    create: { summary: 'Criar campanha', guard: write, body: campaignCreateSchema, run: createCampaign },
    read: { summary: 'Ver campanha', run: getCampaign },
    update: { summary: 'Alterar campanha', guard: write, body: campaignUpdateSchema, run: updateCampaign },
    remove: { summary: 'Excluir campanha', guard: requirePermission('campaigns.delete'), run: deleteCampaign },
  });
  r.get('/:id/audience', contract({ summary: 'Ver o público da campanha', params: campaignId, response: audiencePreviewSchema }), async (c) =>
    c.json(await audiencePreview(s, tenant(c), c.req.valid('param').id)),
  );
  r.get('/:id/preview', contract({ summary: 'Pré-visualizar a mensagem', params: campaignId, query: previewQuerySchema, response: messagePreviewSchema }), async (c) =>
    c.json(await previewMessage(s, tenant(c), c.req.valid('param').id, c.req.valid('query').personId)),
  );
  r.post('/:id/test', send, contract({ summary: 'Enviar teste da campanha', params: campaignId, body: testSendSchema, response: testMessageSchema }), async (c) =>
    c.json(await testSend(s, tenant(c), c.req.valid('param').id, myEmail(c), c.req.valid('json').personId)),
  );
  r.post('/:id/send', send, contract({ summary: 'Enviar ou agendar a campanha', params: campaignId, body: sendSchema, response: campaignViewSchema }), async (c) =>
    c.json(await sendCampaign(s, tenant(c), c.req.valid('param').id, c.req.valid('json').scheduledAt)),
  );
  r.post('/:id/pause', send, contract({ summary: 'Pausar o envio', params: campaignId, response: campaignViewSchema }), async (c) => c.json(await pauseCampaign(s, tenant(c), c.req.valid('param').id)));
  r.post('/:id/resume', send, contract({ summary: 'Retomar o envio', params: campaignId, response: campaignViewSchema }), async (c) => c.json(await resumeCampaign(s, tenant(c), c.req.valid('param').id)));
  r.post('/:id/cancel', send, contract({ summary: 'Cancelar a campanha', params: campaignId, response: campaignViewSchema }), async (c) => c.json(await cancelCampaign(s, tenant(c), c.req.valid('param').id)));
  r.get('/:id/recipients', contract({ summary: 'Listar destinatários', params: campaignId, query: recipientsQuerySchema, response: recipientPageSchema }), async (c) =>
    c.json(await listRecipients(tenant(c), c.req.valid('param').id, c.req.valid('query'))),
  );
  r.get('/:id/report', contract({ summary: 'Relatório da campanha', params: campaignId, response: campaignReportSchema }), async (c) => c.json(await campaignReport(tenant(c), c.req.valid('param').id)));

  const pub = new Hono();
  pub.get('/o/:token', contract({ summary: 'Registrar abertura (pixel)', params: token, response: { media: 'image/gif' }, public: true }), async (c) => {
    await recordOpen(s, c.req.valid('param').token);
    return c.body(PIXEL, 200, { 'content-type': 'image/gif', 'cache-control': 'no-store, max-age=0' });
  });
  pub.get('/c/:token/:index', contract({ summary: 'Registrar clique e redirecionar', params: z.object({ token: z.string(), index: z.string() }), status: 302, public: true }), async (c) => {
    const { token, index } = c.req.valid('param');
    return c.redirect(await recordClick(s, token, Number(index)), 302);
  });
  // GET never unsubscribes (a link scanner's GET): a browser is sent to the confirmation page.
  pub.get('/unsubscribe/:token', contract({ summary: 'Ver o descadastro', params: token, response: unsubscribeInfoSchema, public: true }), async (c) => {
    const info = await unsubscribeInfo(s, c.req.valid('param').token);
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.redirect(`/descadastro/${c.req.valid('param').token}`, 303);
    return c.json(info);
  });
  // The page's button and the mail client's one-click POST (RFC 8058: any body, usually a form).
  pub.post('/unsubscribe/:token', contract({ summary: 'Descadastrar', params: token, response: unsubscribedSchema, public: true }), async (c) =>
    c.json(await unsubscribe(s, c.req.valid('param').token)),
  );

  const app = new Hono();
  app.route('/public/campaigns', pub);
  app.route('/campaigns', r);
  return app;
}
