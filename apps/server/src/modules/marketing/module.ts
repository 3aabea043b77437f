import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import { marketingRoutes } from './routes.ts';
import { startReview } from './review-entities.ts';

/**
 * Marketing (issue 18): the clients the team serves, their pieces on the calendar and as
 * creatives, campaigns, materials and finished projects. Needs `marketing`.
 */
export default defineModule({
  key: 'marketing',
  mount: '/marketing',
  routes: marketingRoutes,
  start: startReview,
  exportData: async (_s, tenant, out) => {
    const { marketingClients, marketingCampaigns, marketingPieces } = schema;
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
  },
});
