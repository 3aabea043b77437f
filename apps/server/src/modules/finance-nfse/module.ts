import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { hasAnyPermission } from '@sede/shared/permissions';
import { forbidden } from '../../http/errors.ts';
import { CERTIFICATE_ALERTS_CRON, CERTIFICATE_ALERTS_QUEUE, sendCertificateExpiryAlerts } from '../../platform/certificates/expiry-alerts.ts';
import { registerEntity } from '../../platform/entities.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { invoiceExists, NFSE_INVOICE } from './invoices.ts';
import { nfseRoutes } from './routes.ts';

async function start(s: Services) {
  // The note's XML, DANFSe and events: whoever reads finance.
  registerEntity(s, NFSE_INVOICE, {
    canSee: async (tenant, id, viewer) => {
      if (!hasAnyPermission(viewer.permissions, ['financeiro']) && !canAny(grantsFor(viewer.membership), ['finance.read'])) throw forbidden();
      return invoiceExists(tenant, id);
    },
    path: () => '/financeiro?aba=contas-a-receber',
  });
  await scheduleRecurring(s.boss, { queue: CERTIFICATE_ALERTS_QUEUE, cron: CERTIFICATE_ALERTS_CRON, label: '[certificates] expiry alerts:' }, () => sendCertificateExpiryAlerts(s));
}

/** NFS-e Nacional from Financeiro's receivables, with the company's A1 certificate (decisions 0540–0544). */
export default defineModule({ key: 'finance-nfse', area: 'finance', mount: '/finance/nfse', after: ['finance', 'files'], routes: nfseRoutes, start });
