import { Hono } from 'hono';
import type { Context } from 'hono';
import {
  agentMessageSchema,
  aiReplyRequestSchema,
  aiSuggestedReplySchema,
  cannedReplySchema,
  conversationListQuerySchema,
  conversationUpdateSchema,
  inboxSettingsUpdateSchema,
} from '@sede/shared/inbox/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { generateStructured, requireAiCredentials } from '../../platform/ai/index.ts';
import { inboxSuggestedReplyV1 } from '../../platform/ai/prompts/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import {
  addAgentMessage,
  conversationForAi,
  createCanned,
  deleteCanned,
  deleteConversation,
  getConversation,
  listCanned,
  listConversations,
  markRead,
  settingsOf,
  toSettings,
  updateCanned,
  updateConversation,
  updateSettings,
} from './service.ts';
import { allowBlockedSite, dismissBlockedSite, listBlockedSites } from './blocked-sites.ts';
import { publicInboxRoutes } from './public-routes.ts';

/**
 * /api/inbox (decisions 0260–0269): the agents' inbox behind `atendimento` (every member reads,
 * writes and runs the AI reply; deleting a conversation and changing the widget's settings need
 * `atendimento.delete`, the sales team and admins), and /api/inbox/public/:key/… for the widget.
 */
export function inboxRoutes(s: Services) {
  const app = new Hono<CompanyEnv>();
  app.route('/public', publicInboxRoutes(s));

  const r = areaRouter(s, 'atendimento.read');
  const id = (c: Context) => c.req.param('id') ?? '';

  r.get('/settings', async (c) => c.json(toSettings(await settingsOf(c.get('tenant').db, c.get('tenant').companyId))));
  r.put('/settings', requirePermission('atendimento.delete'), async (c) => c.json(await updateSettings(c.get('tenant'), parseWith(inboxSettingsUpdateSchema, await readJson(c)))));
  // Sites outside 'Sites autorizados' that tried the widget (decision 0401): seen by the inbox, answered by who edits the settings.
  r.get('/blocked-sites', async (c) => c.json({ sites: await listBlockedSites(c.get('tenant')) }));
  r.post('/blocked-sites/:id/allow', requirePermission('atendimento.delete'), async (c) => {
    await allowBlockedSite(c.get('tenant'), id(c));
    return c.json({ ok: true });
  });
  r.post('/blocked-sites/:id/dismiss', requirePermission('atendimento.delete'), async (c) => {
    await dismissBlockedSite(c.get('tenant'), id(c));
    return c.json({ ok: true });
  });

  r.get('/conversations', async (c) => c.json(await listConversations(c.get('tenant'), parseWith(conversationListQuerySchema, c.req.query()))));
  r.get('/conversations/:id', async (c) => c.json(await getConversation(c.get('tenant'), id(c))));
  r.post('/conversations/:id/read', requirePermission('atendimento.write'), async (c) => {
    await markRead(c.get('tenant'), id(c));
    return c.json({ ok: true });
  });
  r.post('/conversations/:id/messages', requirePermission('atendimento.write'), async (c) =>
    c.json(await addAgentMessage(s, c.get('tenant'), id(c), parseWith(agentMessageSchema, await readJson(c))), 201),
  );
  r.patch('/conversations/:id', requirePermission('atendimento.write'), async (c) =>
    c.json(await updateConversation(s, c.get('tenant'), id(c), parseWith(conversationUpdateSchema, await readJson(c)))),
  );
  r.delete('/conversations/:id', requirePermission('atendimento.delete'), async (c) => {
    await deleteConversation(c.get('tenant'), id(c));
    return c.body(null, 204);
  });

  r.post('/conversations/:id/suggested-reply', requirePermission('atendimento.ai'), async (c) => {
    const tenant = c.get('tenant');
    const input = await conversationForAi(tenant, id(c));
    const { requestId } = parseWith(aiReplyRequestSchema, await readJson(c));
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const out = await runPaidAction(s, tenant, { action: 'ai.suggested_reply', reference: `inbox:${id(c)}:${requestId}`, ownKey: creds.source === 'own' }, async () => {
      const result = await generateStructured(s, creds, { prompt: inboxSuggestedReplyV1, input, schema: aiSuggestedReplySchema, maxTokens: 800 });
      return result.data.reply;
    });
    return c.json({ reply: out.result, charged: out.charged, balance: out.balance });
  });

  r.get('/canned-replies', async (c) => c.json({ replies: await listCanned(c.get('tenant')) }));
  r.post('/canned-replies', requirePermission('atendimento.write'), async (c) => c.json(await createCanned(c.get('tenant'), parseWith(cannedReplySchema, await readJson(c))), 201));
  r.put('/canned-replies/:id', requirePermission('atendimento.write'), async (c) => c.json(await updateCanned(c.get('tenant'), id(c), parseWith(cannedReplySchema, await readJson(c)))));
  r.delete('/canned-replies/:id', requirePermission('atendimento.write'), async (c) => {
    await deleteCanned(c.get('tenant'), id(c));
    return c.body(null, 204);
  });

  app.route('/', r);
  return app;
}
