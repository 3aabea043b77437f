import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import { marketingRoutes } from './routes.ts';
import { exportMaterials, startMaterials } from './materials-module.ts';

/**
 * Marketing (issue 18): the clients the team serves, their pieces on the calendar and as
 * creatives, campaigns, materials and finished projects. Needs `marketing`.
 */
export default defineModule({
  key: 'marketing',
  mount: '/marketing',
  routes: marketingRoutes,
  start: (s) => {
    startMaterials(s);
  },
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
    exportMaterials(tenant, out);
  },
});
