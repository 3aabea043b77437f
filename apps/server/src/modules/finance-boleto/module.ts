import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';
import { AUTO_CANCEL_CRON, AUTO_CANCEL_QUEUE, autoCancelBoletos } from './auto-cancel.ts';
import { financeBoletoRoutes } from './routes.ts';

/** The company's boletos and provider customers (decision 0135); the API key and the webhook token's hash are secrets, never exported. */
async function exportBoletos(_s: Services, tenant: Tenant, out: ExportSink) {
  const { finBoletos: b, finProviderCustomers: pc } = schema;
  out.csv(
    'boletos.csv',
    ['id', 'chargeId', 'entryId', 'provider', 'environment', 'externalId', 'status', 'dueDate', 'identificationField', 'barCode', 'nossoNumero', 'bankSlipUrl', 'invoiceUrl', 'createdBy', 'createdAt', 'updatedAt'],
    companyRows(tenant, b),
  );
  out.csv('clientes-no-provedor.csv', ['id', 'provider', 'environment', 'taxId', 'externalId', 'createdAt'], companyRows(tenant, pc));
}

/**
 * Boleto through a payment provider (decisions 0570–0573): Asaas behind one interface
 * (provider.ts), the company's settings, issuing and cancelling a receivable's boleto (hybrid,
 * with Pix). Settlement is finance-pix's one settlement, from finance-boleto-public's webhook.
 */
export default defineModule({
  key: 'finance-boleto',
  area: 'finance',
  mount: '/finance/boleto',
  after: ['finance-pix'],
  routes: financeBoletoRoutes,
  exportData: exportBoletos,
  // Boletos left open at Asaas after their receivable was settled, cancelled or deleted (decision 0602).
  start: (s) => scheduleRecurring(s.boss, { queue: AUTO_CANCEL_QUEUE, cron: AUTO_CANCEL_CRON, label: '[finance-boleto] boletos cancelled at the provider:' }, () => autoCancelBoletos(s)),
});
