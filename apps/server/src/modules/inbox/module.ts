import { and, asc, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows, paged } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { registerSalesTile } from '../sales/public.ts';
import { inboxRoutes } from './routes.ts';
import { CONVERSATION_ENTITY, conversationExists, inboxKpis, toSettings } from './service.ts';

/** "4 min", "1 h 20 min", "45 s": a response time on the tile. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
}

async function start(s: Services) {
  // Files of a conversation (both directions) and its comments/tasks: whoever may open /atendimento.
  registerEntity(s, CONVERSATION_ENTITY, {
    canSee: readersOf('inbox.read', conversationExists),
    path: (id) => `/atendimento?conversa=${id}`,
  });
  registerSalesTile(s, {
    tool: 'atendimento',
    kpi: async (tenant) => {
      const k = await inboxKpis(tenant);
      // A company that never had a conversation shows the tile without a number (as before the inbox existed).
      if (k.total === 0) return null;
      const label = k.medianFirstResponseMs === null ? 'Conversas abertas' : `Conversas abertas · 1ª resposta em ${formatDuration(k.medianFirstResponseMs)} (mediana)`;
      return { label, value: String(k.open) };
    },
  });
}

/** The customer-service inbox and the website chat widget (decisions 0260–0269). */
export default defineModule({
  key: 'inbox',
  area: 'inbox',
  mount: '/inbox',
  routes: inboxRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    const { inboxConversations, inboxMessages, inboxCannedReplies, inboxSettings, inboxReads } = schema;
    const [settings] = await tenant.db.select().from(inboxSettings).where(eq(inboxSettings.companyId, tenant.companyId));
    if (settings) {
      const { publicKey: _key, ...rest } = toSettings(settings);
      out.json('configuracoes.json', rest);
    }
    out.csv(
      'conversas.csv',
      ['id', 'channel', 'status', 'visitorName', 'visitorEmail', 'visitorPhone', 'personId', 'assigneeId', 'createdAt', 'lastMessageAt', 'firstResponseMs', 'resolvedAt', 'resolutionMs', 'csatScore'],
      companyRows(tenant, inboxConversations),
    );
    out.csv('mensagens.csv', ['id', 'conversationId', 'kind', 'authorId', 'body', 'fileId', 'createdAt'], companyRows(tenant, inboxMessages));
    out.csv('respostas-prontas.csv', ['id', 'shortcut', 'body', 'createdAt'], companyRows(tenant, inboxCannedReplies));
    const readKey = sql<string>`${inboxReads.conversationId}::text || ':' || ${inboxReads.userId}`;
    out.csv('leituras.csv', ['conversationId', 'userId', 'lastReadAt'], () =>
      paged((after, limit) =>
        tenant.db
          .select({ id: readKey, conversationId: inboxReads.conversationId, userId: inboxReads.userId, lastReadAt: inboxReads.lastReadAt })
          .from(inboxReads)
          .where(and(eq(inboxReads.companyId, tenant.companyId), after === null ? undefined : sql`${readKey} > ${after}`))
          .orderBy(asc(readKey))
          .limit(limit),
      ),
    );
  },
});
