import { Hono } from 'hono';
import { INBOX_MESSAGES, inboxMessageSchema } from '@sede/shared/inbox/schemas';
import {
  templateListSchema,
  templateMessageSchema,
  templateParamsProblem,
  templatesQuerySchema,
  WHATSAPP_MESSAGES as M,
  webhookAckSchema,
  webhookParamsSchema,
  webhookVerifyQuerySchema,
  whatsappSettingsSchema,
  whatsappSettingsUpdateSchema,
  whatsappTestResultSchema,
} from '@sede/shared/whatsapp/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { addAgentMessage, conversationRow } from '../inbox/public.ts';
import { readEntityFile } from '../files/public.ts';
import { CONVERSATION_ENTITY } from '../inbox/public.ts';
import {
  accountByKey,
  accountOf,
  configured,
  handleWebhook,
  listTemplates,
  renderedTemplateText,
  sendTemplate,
  signatureValid,
  testAccount,
  toSettings,
  type TemplateSend,
  updateAccount,
  uploadMedia,
} from './service.ts';

/**
 * /api/whatsapp (decisions 0290–0294): the company's Cloud API settings (admins: `empresa.settings`),
 * its approved templates and a template sent into an inbox conversation (`atendimento`), and the
 * public webhook Meta calls, /api/whatsapp/webhook/:key (no session: the key names the company and
 * every post is signed with its app secret).
 */
export function whatsappRoutes(s: Services) {
  const app = new Hono<CompanyEnv>();

  app.get(
    '/webhook/:key',
    contract({ summary: 'Verificar o webhook do WhatsApp (Meta)', params: webhookParamsSchema, query: webhookVerifyQuerySchema, response: { media: 'text/plain' }, public: true }),
    async (c) => {
      const a = await accountByKey(s, c.req.valid('param').key);
      if (!a) throw notFound(M.webhookNotFound);
      const q = c.req.valid('query');
      const mode = q['hub.mode'];
      const token = q['hub.verify_token'] ?? '';
      const challenge = q['hub.challenge'] ?? '';
      if (mode !== 'subscribe' || token.length !== a.verifyToken.length || !timingSafe(token, a.verifyToken)) throw new AppError(403, 'WHATSAPP_VERIFY_FAILED', M.verifyFailed);
      return c.text(challenge.slice(0, 200));
    },
  );

  app.post(
    '/webhook/:key',
    contract({ summary: 'Receber eventos do WhatsApp (webhook assinado)', params: webhookParamsSchema, bodyMedia: 'application/json', response: webhookAckSchema, public: true }),
    async (c) => {
      const a = await accountByKey(s, c.req.valid('param').key);
      if (!a) throw notFound(M.webhookNotFound);
      const raw = Buffer.from(await c.req.arrayBuffer());
      const header = c.req.header('x-hub-signature-256');
      if (!header) throw new AppError(403, 'WHATSAPP_SIGNATURE_MISSING', M.missingSignature);
      if (!signatureValid(s, a, raw, header)) throw new AppError(403, 'WHATSAPP_SIGNATURE_INVALID', M.forgedSignature);
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('O corpo do webhook não é JSON.', 'INVALID_JSON');
      }
      await handleWebhook(s, a, (payload ?? {}) as Parameters<typeof handleWebhook>[2]);
      return c.json({ ok: true as const });
    },
  );

  const r = areaRouter(s, 'inbox.read');
  const admin = requirePermission('company.settings');
  r.get('/settings', admin, contract({ summary: 'Ver a configuração do WhatsApp', response: whatsappSettingsSchema }), async (c) =>
    c.json(toSettings(await accountOf(c.get('tenant').db, c.get('tenant').companyId))),
  );
  r.put('/settings', admin, contract({ summary: 'Configurar o WhatsApp', body: whatsappSettingsUpdateSchema, response: whatsappSettingsSchema }), async (c) =>
    c.json(await updateAccount(s, c.get('tenant'), c.req.valid('json'))),
  );
  r.post('/settings/test', admin, contract({ summary: 'Testar a conexão com o WhatsApp', response: whatsappTestResultSchema }), async (c) => c.json(await testAccount(s, c.get('tenant'))));

  r.get('/templates', contract({ summary: 'Listar modelos aprovados do WhatsApp', query: templatesQuerySchema, response: templateListSchema }), async (c) =>
    c.json({ templates: await listTemplates(s, c.get('tenant'), c.req.valid('query').refresh === '1') }),
  );

  /** An approved template into a WhatsApp conversation (the way to write after the 24-hour window). */
  r.post(
    '/conversations/:id/template',
    requirePermission('inbox.write'),
    contract({
      summary: 'Enviar modelo do WhatsApp na conversa',
      params: idParams(INBOX_MESSAGES.conversationNotFound),
      body: templateMessageSchema,
      response: inboxMessageSchema,
      status: 201,
    }),
    async (c) => {
      const t = c.get('tenant');
      const conv = await conversationRow(t.db, t.companyId, c.req.valid('param').id);
      if (conv.channel !== 'whatsapp' || !conv.externalId) throw badRequest('Esta conversa não é do WhatsApp.', 'NOT_WHATSAPP');
      const input = c.req.valid('json');
      const tpl = (await listTemplates(s, t)).find((x) => x.name === input.template && x.language === input.language);
      if (!tpl) throw badRequest(M.templateNotFound, 'TEMPLATE_NOT_FOUND');
      // Body, header and URL buttons (decision 0302): refused before anything is sent.
      const problem = templateParamsProblem(tpl, input, { allowFile: true });
      if (problem) throw badRequest(problem, 'TEMPLATE_VARIABLES');
      let header: TemplateSend['header'] = input.header && tpl.header ? { format: tpl.header.format, value: input.header.value } : null;
      let fileId: string | undefined;
      if (header && tpl.header?.format !== 'text' && input.header?.fileId) {
        // A file of this conversation as the header's media: uploaded to the Cloud API, then sent by its id.
        const file = await readEntityFile(s, t, input.header.fileId, CONVERSATION_ENTITY, conv.id);
        if (!file) throw badRequest('Envie o arquivo nesta conversa antes de usá-lo no cabeçalho.', 'FILE_NOT_IN_CONVERSATION');
        header = { ...header, value: undefined, mediaId: await uploadMedia(s, await configured(s, t.companyId), file), filename: file.name };
        fileId = input.header.fileId;
      }
      const buttons = tpl.buttons.map((b) => ({ index: b.index, value: input.buttons.find((x) => x.index === b.index)!.value }));
      await sendTemplate(s, t, conv.externalId, { ...input, header, buttons }, { conversationId: conv.id });
      return c.json(await addAgentMessage(s, t, conv.id, { body: renderedTemplateText(tpl, { variables: input.variables, header: input.header, buttons }), fileId }, { sent: true }), 201);
    },
  );

  app.route('/', r);
  return app;
}

function timingSafe(a: string, b: string) {
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
