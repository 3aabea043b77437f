import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** Payments, the coin ledger and the subscription (decision 0135). */
export async function exportBilling(_s: Services, tenant: Tenant, out: ExportSink) {
  const { payments: p, coinLedger: l, companies: c } = schema;
  out.csv('pagamentos.csv', ['id', 'provider', 'providerRef', 'kind', 'item', 'amountCents', 'currency', 'coins', 'status', 'createdBy', 'createdAt', 'paidAt'], companyRows(tenant, p));
  out.csv('moedas.csv', ['id', 'createdAt', 'amount', 'kind', 'reason', 'actorId', 'balanceAfter', 'period', 'reference'], companyRows(tenant, l));
  const [sub] = await tenant.db
    .select({
      planType: c.planType,
      subscriptionStatus: c.subscriptionStatus,
      trialEndsAt: c.trialEndsAt,
      currentPeriodStart: c.currentPeriodStart,
      currentPeriodEnd: c.currentPeriodEnd,
      coinBalance: c.currencyAmount,
    })
    .from(c)
    .where(eq(c.id, tenant.companyId));
  out.json('assinatura.json', sub ?? null);
}
