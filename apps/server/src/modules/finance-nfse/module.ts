import { CERTIFICATE_ALERTS_CRON, CERTIFICATE_ALERTS_QUEUE, sendCertificateExpiryAlerts } from '../../platform/certificates/expiry-alerts.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Tenant } from '../../services.ts';
import { invoiceExists, NFSE_INVOICE } from './invoices.ts';
import { getNfseSettings } from './settings.ts';
import { nfseRoutes } from './routes.ts';

async function start(s: Services) {
  // The note's XML, DANFSe and events: whoever reads finance.
  registerEntity(s, NFSE_INVOICE, {
    canSee: readersOf('finance.read', invoiceExists, 'financeiro'),
    path: () => '/financeiro?aba=contas-a-receber',
  });
  await scheduleRecurring(s.boss, { queue: CERTIFICATE_ALERTS_QUEUE, cron: CERTIFICATE_ALERTS_CRON, label: '[certificates] expiry alerts:' }, () => sendCertificateExpiryAlerts(s));
}

/** The company's data export (decision 0135): the notes and the settings; the certificate never (a secret). Their XML and DANFSe go with the files. */
async function exportNfse(_s: Services, tenant: Tenant, out: ExportSink) {
  out.csv(
    'notas-fiscais.csv',
    ['id', 'entryId', 'status', 'environment', 'serie', 'number', 'dpsId', 'accessKey', 'serviceCode', 'amountCents', 'xmlFileId', 'pdfFileId', 'cancelReason', 'cancelledAt', 'issuedBy', 'issuedAt'],
    companyRows(tenant, schema.nfseInvoices),
  );
  out.csv('envios-das-notas.csv', ['id', 'invoiceId', 'sentTo', 'status', 'error', 'sentBy', 'createdAt'], companyRows(tenant, schema.nfseDeliveries));
  const settings = await getNfseSettings(tenant);
  if (settings) out.json('configuracoes.json', settings);
}

/** NFS-e Nacional from Financeiro's receivables, with the company's A1 certificate (decisions 0540–0544). */
export default defineModule({ key: 'finance-nfse', area: 'finance', mount: '/finance/nfse', after: ['finance', 'files'], routes: nfseRoutes, start, exportData: exportNfse });
