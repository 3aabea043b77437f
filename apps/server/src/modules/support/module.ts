import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { supportRoutes } from './routes.ts';
import { companyTicketOf, SUPPORT_TICKET_ENTITY } from './service.ts';

function start(s: Services) {
  // A ticket's attachments (platform files): only the person who opened it, in that company.
  registerEntity(s, SUPPORT_TICKET_ENTITY, {
    canSee: (tenant, id, viewer) => companyTicketOf(s, tenant.companyId, viewer.user.id, id),
    path: (id) => `/suporte?chamado=${id}`,
  });
}

async function exportSupport(_s: Services, tenant: Tenant, out: ExportSink) {
  const { supportTickets, supportMessages } = schema;
  out.csv('suporte-chamados.csv', ['id', 'userId', 'subject', 'category', 'status', 'createdAt', 'updatedAt'], companyRows(tenant, supportTickets));
  out.csv('suporte-mensagens.csv', ['id', 'ticketId', 'authorId', 'fromSupport', 'body', 'createdAt'], companyRows(tenant, supportMessages));
}

/** /suporte (decision 0280): tickets to the platform's support, answered by its operators. */
export default defineModule({
  key: 'support',
  mount: '/support',
  routes: supportRoutes,
  start,
  exportData: exportSupport,
});
