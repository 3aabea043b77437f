import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { registerDynamicPix } from '../finance-pix/public.ts';
import { AUTOMATIC_CRON, AUTOMATIC_QUEUE, reconcileAutomatic } from './automatic-collect.ts';
import { dynamicPixMaker } from './charges.ts';
import { FOLLOW_REFUNDS_CRON, FOLLOW_REFUNDS_QUEUE, followPendingRefunds } from './refunds.ts';
import { pixApiRoutes } from './routes.ts';
import { CERT_ALERTS_CRON, CERT_ALERTS_QUEUE, RECONCILE_CRON, RECONCILE_QUEUE, reconcilePixApi, sendPixApiCertificateAlerts } from './settlement.ts';

async function start(s: Services) {
  registerDynamicPix(s, dynamicPixMaker(s));
  await scheduleRecurring(s.boss, { queue: RECONCILE_QUEUE, cron: RECONCILE_CRON, label: '[pix-api] reconciled:' }, () => reconcilePixApi(s));
  await scheduleRecurring(s.boss, { queue: AUTOMATIC_QUEUE, cron: AUTOMATIC_CRON, label: '[pix-api] automatic:' }, async () => (await reconcileAutomatic(s)).settled);
  await scheduleRecurring(s.boss, { queue: FOLLOW_REFUNDS_QUEUE, cron: FOLLOW_REFUNDS_CRON, label: '[refunds] followed:' }, () => followPendingRefunds(s));
  await scheduleRecurring(s.boss, { queue: CERT_ALERTS_QUEUE, cron: CERT_ALERTS_CRON, label: '[pix-api] certificate alerts:' }, () => sendPixApiCertificateAlerts(s));
}

/** The company's export (decision 0135): each account's API Pix settings without a secret, the refunds and Pix Automático's recurrences (no client secret, certificate, password, webhook address; nor the token endpoint, which the export's secret check reads as one). */
async function exportPixApi(_s: Services, tenant: Tenant, out: ExportSink) {
  out.csv(
    'api-pix.csv',
    ['id', 'accountId', 'baseUrl', 'clientId', 'pixKey', 'fineBps', 'interestBps', 'certSubject', 'certNotBefore', 'certNotAfter', 'webhookRegisteredAt', 'webhookError', 'reconciledUntil', 'createdAt', 'updatedAt'],
    companyRows(tenant, schema.finPixApiSettings),
  );
  out.csv(
    'api-pix-devolucoes.csv',
    ['id', 'chargeId', 'entryId', 'provider', 'refundId', 'amountCents', 'reason', 'status', 'error', 'payableEntryId', 'createdBy', 'createdAt', 'updatedAt'],
    companyRows(tenant, schema.finChargeRefunds),
  );
  // Pix Automático's recurrences (decision 0610): the payer's document and name are the company's own customer records.
  out.csv(
    'pix-automatico.csv',
    ['id', 'recurrenceId', 'accountId', 'idRec', 'status', 'idSolicRec', 'solicStatus', 'periodicity', 'amountCents', 'startDate', 'endDate', 'debtorDocument', 'debtorName', 'reason', 'createdAt', 'updatedAt'],
    companyRows(tenant, schema.finPixRecurrences),
  );
}

/**
 * Dynamic Pix through the bank's standard API Pix (decisions 0560–0563): per account the
 * PSP's settings and mTLS certificate, cob/cobv charges made in finance-pix's place, the webhook and
 * the 15-minute reconciliation that settle them through finance-pix's one settlement. Secrets are
 * never exported.
 */
export default defineModule({ key: 'finance-pix-api', area: 'finance', mount: '/finance/pix-api', after: ['finance', 'finance-pix'], routes: pixApiRoutes, start, exportData: exportPixApi });
