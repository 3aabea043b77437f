import { Hono } from 'hono';
import { agentMessageSchema, aiReplyRequestSchema, aiSuggestedReplySchema, blockedSiteListSchema, cannedReplyListSchema, cannedReplySchema, cannedReplyViewSchema, conversationDetailSchema, conversationListQuerySchema, conversationListSchema, conversationSummarySchema, conversationUpdateSchema, inboxMessageSchema, inboxOkSchema, inboxSettingsSchema, inboxSettingsUpdateSchema, INBOX_MESSAGES as M, suggestedReplyResultSchema } from '@sede/shared/inbox/schemas';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { generateStructured, requireAiCredentials } from '../../platform/ai/index.ts';
import { inboxSuggestedReplyV1 } from '../../platform/ai/prompts/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { addAgentMessage, conversationForAi, createCanned, deleteCanned, deleteConversation, getConversation, listCanned, listConversations, markRead, settingsOf, toSettings, updateCanned, updateConversation, updateSettings } from './service.ts';
import { allowBlockedSite, dismissBlockedSite, listBlockedSites } from './blocked-sites.ts';
import { publicInboxRoutes } from './public-routes.ts';

const conversationId = idParams(M.conversationNotFound);
const cannedId = idParams(M.cannedNotFound);
const blockedSiteId = idParams(M.blockedSiteNotFound);

/**
 * /api/inbox (decisions 0260–0269): the agents' inbox behind `inbox.read` (every member reads,
 * writes and runs the AI reply; deleting a conversation and changing the widget's settings need
 * `inbox.delete`, the sales team and admins), and /api/inbox/public/:key/… for the widget.
 */
export function inboxRoutes(s: Services) {
  const app = new Hono<CompanyEnv>();
  app.route('/public', publicInboxRoutes(s));

  const r = areaRouter(s, 'inbox.read');

  r.get('/settings', contract({ summary: 'Ver configurações do chat', response: inboxSettingsSchema }), async (c) =>
    c.json(toSettings(await settingsOf(tenant(c).db, tenant(c).companyId))),
  );
  r.put(
    '/settings',
    requirePermission('inbox.delete'),
    contract({ summary: 'Alterar configurações do chat', body: inboxSettingsUpdateSchema, response: inboxSettingsSchema }),
    async (c) => c.json(await updateSettings(tenant(c), c.req.valid('json'))),
  );
  // Sites outside 'Sites autorizados' that tried the widget (decision 0401): seen by the inbox, answered by who edits the settings.
  r.get('/blocked-sites', contract({ summary: 'Listar sites bloqueados', response: blockedSiteListSchema }), async (c) => c.json({ sites: await listBlockedSites(tenant(c)) }));
  r.post('/blocked-sites/:id/allow', requirePermission('inbox.delete'), contract({ summary: 'Autorizar site', params: blockedSiteId, response: inboxOkSchema }), async (c) => answerOk(c, allowBlockedSite(tenant(c), c.req.valid('param').id)));
  r.post('/blocked-sites/:id/dismiss', requirePermission('inbox.delete'), contract({ summary: 'Dispensar aviso de site', params: blockedSiteId, response: inboxOkSchema }), async (c) => answerOk(c, dismissBlockedSite(tenant(c), c.req.valid('param').id)));

  r.get('/conversations', contract({ summary: 'Listar conversas', query: conversationListQuerySchema, response: conversationListSchema }), async (c) =>
    c.json(await listConversations(tenant(c), c.req.valid('query'))),
  );
  r.get('/conversations/:id', contract({ summary: 'Ver conversa', params: conversationId, response: conversationDetailSchema }), async (c) =>
    c.json(await getConversation(tenant(c), c.req.valid('param').id)),
  );
  r.post('/conversations/:id/read', requirePermission('inbox.write'), contract({ summary: 'Marcar conversa como lida', params: conversationId, response: inboxOkSchema }), async (c) => answerOk(c, markRead(tenant(c), c.req.valid('param').id)));
  r.post(
    '/conversations/:id/messages',
    requirePermission('inbox.write'),
    contract({ summary: 'Responder ou anotar na conversa', params: conversationId, body: agentMessageSchema, response: inboxMessageSchema, status: 201 }),
    async (c) => c.json(await addAgentMessage(s, tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.patch(
    '/conversations/:id',
    requirePermission('inbox.write'),
    contract({ summary: 'Alterar conversa', params: conversationId, body: conversationUpdateSchema, response: conversationSummarySchema }),
    async (c) => c.json(await updateConversation(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/conversations/:id', requirePermission('inbox.delete'), contract({ summary: 'Excluir conversa', params: conversationId, status: 204 }), async (c) => {
    await deleteConversation(tenant(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  r.post(
    '/conversations/:id/suggested-reply',
    requirePermission('inbox.ai'),
    contract({ summary: 'Sugerir resposta com IA', params: conversationId, body: aiReplyRequestSchema, response: suggestedReplyResultSchema }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = await conversationForAi(tenant(c), id);
      const { requestId } = c.req.valid('json');
      const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
      const out = await runPaidAction(s, tenant(c), { action: 'ai.suggested_reply', reference: `inbox:${id}:${requestId}`, ownKey: creds.source === 'own' }, async () => {
        const result = await generateStructured(s, creds, { prompt: inboxSuggestedReplyV1, input, schema: aiSuggestedReplySchema, maxTokens: 800 });
        return result.data.reply;
      });
      return c.json({ reply: out.result, charged: out.charged, balance: out.balance });
    },
  );

  r.get('/canned-replies', contract({ summary: 'Listar respostas prontas', response: cannedReplyListSchema }), async (c) => c.json({ replies: await listCanned(tenant(c)) }));
  r.post(
    '/canned-replies',
    requirePermission('inbox.write'),
    contract({ summary: 'Criar resposta pronta', body: cannedReplySchema, response: cannedReplyViewSchema, status: 201 }),
    async (c) => c.json(await createCanned(tenant(c), c.req.valid('json')), 201),
  );
  r.put(
    '/canned-replies/:id',
    requirePermission('inbox.write'),
    contract({ summary: 'Alterar resposta pronta', params: cannedId, body: cannedReplySchema, response: cannedReplyViewSchema }),
    async (c) => c.json(await updateCanned(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/canned-replies/:id', requirePermission('inbox.write'), contract({ summary: 'Excluir resposta pronta', params: cannedId, status: 204 }), async (c) => {
    await deleteCanned(tenant(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.route('/', r);
  return app;
}
