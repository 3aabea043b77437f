import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { financePixRoutes } from './routes.ts';

/** The company's Pix keys, charges, their provider events and payment links (decision 0135); no token is kept, so none is exported. */
async function exportMoneyIn(_s: Services, tenant: Tenant, out: ExportSink) {
  const { finPixKeys: k, finCharges: c, finChargeEvents: e, finPaymentLinks: l } = schema;
  out.csv('chaves-pix.csv', ['id', 'accountId', 'type', 'key', 'isDefault', 'createdBy', 'createdAt'], companyRows(tenant, k));
  out.csv(
    'cobrancas.csv',
    ['id', 'entryId', 'method', 'provider', 'accountId', 'pixKey', 'amountCents', 'txid', 'brCode', 'status', 'paidAt', 'paidCents', 'payerName', 'endToEndId', 'providerReference', 'createdBy', 'createdAt', 'updatedAt'],
    companyRows(tenant, c),
  );
  out.csv('cobrancas-eventos.csv', ['id', 'chargeId', 'provider', 'externalEventId', 'kind', 'amountCents', 'paymentId', 'createdAt'], companyRows(tenant, e));
  out.csv('links-de-pagamento.csv', ['id', 'entryId', 'revokedAt', 'createdBy', 'createdAt'], companyRows(tenant, l));
}

/**
 * Money in by Pix (decisions 0530–0533): Pix keys per account, charges of receivables
 * with a static BR Code, the one idempotent settlement, and the public payment page's links.
 * Routes under /api/finance/pix; the page's data is finance-pix-public's.
 */
export default defineModule({ key: 'finance-pix', area: 'finance', mount: '/finance/pix', routes: financePixRoutes, exportData: exportMoneyIn });
