import { schema } from '@sede/db/client';
import { and, eq } from 'drizzle-orm';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { registerSalesTile } from '../sales/public.ts';
import { addPersonErasureStep, addPersonExportPart } from '../parties/public.ts';
import { startBounceServer, stopBounceServer } from './bounces.ts';
import { campaignsRoutes } from './routes.ts';
import { closeTransports } from './sender.ts';
import { startCampaignWorker, stopCampaignWorker } from './send.ts';
import { campaignsTileKpi } from './service.ts';
import { onInbound, onRecipientStatus } from '../whatsapp/public.ts';
import { recordWhatsappReply } from './replies.ts';

/**
 * Mass e-mail campaigns (/campanhas-massa; decisions 0250–0258): the sender, campaigns
 * to a CRM list or segment, throttled exactly-once sending, tracking, unsubscribes and bounces.
 */
export default defineModule({
  key: 'campaigns',
  area: 'campaigns',
  mount: '/',
  routes: campaignsRoutes,
  start: async (s: Services) => {
    await startCampaignWorker(s);
    await startBounceServer(s);
    // WhatsApp statuses (decision 0294): sent/delivered → 'enviado', read → 'aberto', failed → 'falhou'.
    onRecipientStatus(async (s2, companyId, recipientId, status, error) => {
      if (status === 'read') await s2.pool.query(`UPDATE campaign_recipients SET opened_at = coalesce(opened_at, now()) WHERE id = $1 AND company_id = $2`, [recipientId, companyId]);
      else if (status === 'failed') await s2.pool.query(`UPDATE campaign_recipients SET status = 'failed', error = $3, lease_until = NULL WHERE id = $1 AND company_id = $2`, [recipientId, companyId, error]);
      else
        await s2.pool.query(`UPDATE campaign_recipients SET status = 'sent', sent_at = coalesce(sent_at, now()), error = NULL WHERE id = $1 AND company_id = $2 AND status IN ('sending', 'uncertain', 'sent')`, [
          recipientId,
          companyId,
        ]);
    });
    // A customer's WhatsApp message after a campaign template: a reply, or an unsubscribe for 'SAIR' (decisions 0300, 0301).
    onInbound(s, recordWhatsappReply);
    registerSalesTile(s, { tool: 'campanhas-massa', kpi: (t) => campaignsTileKpi(t) });
    const R = schema.campaignRecipients;
    addPersonExportPart(s, 'campanhas', async (t, personId) =>
      t.db
        .select({ campaignId: R.campaignId, email: R.email, status: R.status, sentAt: R.sentAt, openedAt: R.openedAt, clickedAt: R.clickedAt, repliedAt: R.repliedAt, unsubscribedAt: R.unsubscribedAt })
        .from(R)
        .where(and(eq(R.companyId, t.companyId), eq(R.personId, personId))),
    );
    // Erasure: the person's sending history goes (the suppression hash keeps them from being contacted).
    addPersonErasureStep(s, async (tx, t, personId) => {
      await tx.delete(R).where(and(eq(R.companyId, t.companyId), eq(R.personId, personId)));
    });
  },
  stop: async (s: Services) => {
    await stopCampaignWorker(s);
    await stopBounceServer(s);
    closeTransports(s);
  },
  exportData: async (_s, tenant, out) => {
    const { campaigns, campaignRecipients, campaignSenders } = schema;
    out.csv('remetente.csv', ['id', 'fromName', 'fromEmail', 'replyTo', 'smtpHost', 'smtpPort', 'smtpSecure', 'smtpUser', 'ratePerSecond', 'updatedAt'], companyRows(tenant, campaignSenders));
    out.csv(
      'campanhas.csv',
      ['id', 'name', 'channel', 'listId', 'segmentId', 'subject', 'html', 'text', 'status', 'scheduledAt', 'startedAt', 'finishedAt', 'createdBy', 'createdAt', 'updatedAt'],
      companyRows(tenant, campaigns),
    );
    out.csv(
      'destinatarios.csv',
      ['id', 'campaignId', 'personId', 'email', 'status', 'error', 'messageId', 'sentAt', 'openedAt', 'clickedAt', 'repliedAt', 'bouncedAt', 'unsubscribedAt', 'createdAt'],
      companyRows(tenant, campaignRecipients),
    );
  },
});
