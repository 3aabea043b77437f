import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { addPersonErasureStep } from '../parties/public.ts';
import { CLIENT_ENTITY, clientVisible } from './clients-service.ts';
import { marketingRoutes } from './routes.ts';
import { startReview } from './review-entities.ts';

async function start(s: Services) {
  // A client's files (its logo): whoever reads marketing and sees the client (decision 0321).
  registerEntity(s, CLIENT_ENTITY, {
    canSee: readersOf('marketing.read', clientVisible),
    path: (id) => `/marketing/empresa/${id}`,
  });
  // A person erased (LGPD) stops being a client's contact.
  addPersonErasureStep(s, async (tx, tenant, personId) => {
    const { marketingClientContacts: CC } = schema;
    await tx.delete(CC).where(and(eq(CC.companyId, tenant.companyId), eq(CC.personId, personId)));
  });
}
import { exportMaterials, startMaterials } from './materials-module.ts';

/**
 * Marketing (decisions 0320–0344): the clients the team serves, their pieces on the calendar and as
 * creatives, campaigns, materials and finished projects. Needs `marketing`.
 */
export default defineModule({
  key: 'marketing',
  area: 'marketing',
  mount: '/marketing',
  routes: marketingRoutes,
  start: async (s) => {
    await start(s);
    await startReview(s);
    startMaterials(s);
  },
  exportData: async (_s, tenant, out) => {
    const { marketingClients, marketingCampaigns, marketingPieces, marketingClientMembers, marketingClientContacts } = schema;
    out.csv('clientes.csv', ['id', 'organizationId', 'brandKit', 'channels', 'clientApproval', 'visibility', 'archivedAt', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, marketingClients));
    out.csv(
      'campanhas.csv',
      ['id', 'clientId', 'name', 'goal', 'startsOn', 'endsOn', 'budgetCents', 'status', 'reach', 'clicks', 'leads', 'spendCents', 'summary', 'finishedAt', 'createdBy', 'createdAt', 'updatedAt'],
      companyRows(tenant, marketingCampaigns),
    );
    out.csv(
      'pecas.csv',
      ['id', 'clientId', 'campaignId', 'title', 'channel', 'format', 'status', 'scheduledAt', 'brief', 'copy', 'hashtags', 'assigneeId', 'publishedUrl', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'],
      companyRows(tenant, marketingPieces),
    );
    // Creatives (decisions 0330–0332): versions, decisions and approval links (never their token's hash).
    const { marketingPieceVersions, marketingPieceApprovals, marketingApprovalLinks } = schema;
    out.csv('pecas-versoes.csv', ['id', 'pieceId', 'number', 'copy', 'hashtags', 'fileIds', 'note', 'source', 'restoredFrom', 'createdBy', 'createdAt'], companyRows(tenant, marketingPieceVersions));
    out.csv(
      'pecas-aprovacoes.csv',
      ['id', 'pieceId', 'versionId', 'versionNumber', 'decision', 'comment', 'source', 'actorId', 'reviewerName', 'linkId', 'createdAt'],
      companyRows(tenant, marketingPieceApprovals),
    );
    out.csv('pecas-links-de-aprovacao.csv', ['id', 'pieceId', 'expiresAt', 'revokedAt', 'decidedAt', 'createdBy', 'createdAt'], companyRows(tenant, marketingApprovalLinks));
    out.csv('clientes-membros.csv', ['id', 'clientId', 'userId', 'createdAt'], companyRows(tenant, marketingClientMembers));
    out.csv('clientes-contatos.csv', ['id', 'clientId', 'personId', 'role', 'canApprove', 'createdBy', 'createdAt'], companyRows(tenant, marketingClientContacts));
    exportMaterials(tenant, out);
  },
});
