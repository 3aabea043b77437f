import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { registerInboxChannel } from '../inbox/public.ts';
import { whatsappRoutes } from './routes.ts';
import { whatsappChannel } from './service.ts';

async function start(_s: Services) {
  registerInboxChannel(whatsappChannel);
}

/** WhatsApp Business Cloud API: the inbox's channel and the campaigns' templates (decisions 0290–0294). */
export default defineModule({
  key: 'whatsapp',
  area: 'inbox',
  mount: '/whatsapp',
  routes: whatsappRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    const { whatsappAccounts: A, whatsappMessages: W } = schema;
    const [a] = await tenant.db.select().from(A).where(eq(A.companyId, tenant.companyId));
    // Never the token, the app secret, the verify token or the webhook's key.
    if (a) out.json('configuracao.json', { phoneNumberId: a.phoneNumberId, wabaId: a.wabaId, templates: a.templates, updatedAt: a.updatedAt });
    out.csv('mensagens.csv', ['id', 'waMessageId', 'direction', 'conversationId', 'inboxMessageId', 'campaignRecipientId', 'status', 'error', 'createdAt', 'updatedAt'], companyRows(tenant, W));
  },
});
