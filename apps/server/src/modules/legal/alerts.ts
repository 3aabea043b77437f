import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { EXPIRY_ALERT_DAYS } from '@sede/shared/legal/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { notify } from '../../platform/notifications/notify.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';

/** Stored: pg-boss keeps the queue and its schedule by this name, so it keeps the area's old key (decision 0520). */
export const CONTRACT_ALERTS_QUEUE = 'juridico-expiry-alerts';
/** Every hour at :07 (Brasília); each (contract, end date, days) is claimed once, so re-runs notify nobody twice. */
export const CONTRACT_ALERTS_CRON = '7 * * * *';

const { contracts: K, contractExpiryAlerts: X } = schema;
const fmt = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The members who hold legal.read in a company. */
async function legalReaders(tenant: Tenant): Promise<string[]> {
  const { rows } = await tenant.db.execute<{ user_id: string; role: string; custom_permissions: unknown }>(
    sql`SELECT user_id, role, custom_permissions FROM company_members WHERE company_id = ${tenant.companyId}`,
  );
  return rows.filter((m) => canAny(grantsFor({ role: m.role, customPermissions: m.custom_permissions }), ['legal.read'])).map((m) => m.user_id);
}

/**
 * Expiry alerts (decision 0214): for each of 30, 15 and 7 days, the contracts (negotiation or
 * active) that end within that many days and were not yet alerted for it — the smallest window
 * only, so a contract created 10 days before its end gets the 15-day alert, not three at once.
 * The claim row (contract, end date, days) is unique: a changed end date alerts again.
 */
export async function sendContractExpiryAlerts(s: Services, today = todayInBrazil()): Promise<number> {
  let sent = 0;
  const windows = [...EXPIRY_ALERT_DAYS].sort((a, b) => a - b); // 7, 15, 30
  for (const [i, days] of windows.entries()) {
    const from = i === 0 ? today : addDays(today, windows[i - 1]! + 1);
    const until = addDays(today, days);
    // The scan spans every company (a schedule of the platform's); each contract's work is its company's.
    const due = await s.db
      .select({ id: K.id, companyId: K.companyId, title: K.title, endDate: K.endDate })
      .from(K)
      .where(
        and(
          inArray(K.status, ['negotiation', 'active']),
          isNotNull(K.endDate),
          sql`${K.endDate} >= ${from} and ${K.endDate} <= ${until}`,
          sql`not exists (select 1 from contract_expiry_alerts x where x.contract_id = ${K.id} and x.end_date = ${K.endDate} and x.days_before <= ${days})`,
        ),
      )
      .limit(5000);
    for (const c of due) {
      const tenant = systemTenant(s, c.companyId, 'schedule');
      const claimed = await tenant.db
        .insert(X)
        .values({ companyId: c.companyId, contractId: c.id, endDate: c.endDate!, daysBefore: days })
        .onConflictDoNothing()
        .returning({ id: X.id });
      if (!claimed.length) continue;
      const left = Math.round((Date.parse(c.endDate!) - Date.parse(today)) / 86_400_000);
      await notify(s, {
        companyId: c.companyId,
        userIds: await legalReaders(tenant),
        kind: 'alert',
        title: left <= 0 ? `O contrato "${c.title}" termina hoje` : `O contrato "${c.title}" termina em ${left} ${left === 1 ? 'dia' : 'dias'} (${fmt(c.endDate!)})`,
        body: 'Confira a renovação, o aviso prévio e o reajuste no Jurídico.',
        link: `/juridico/contrato/${c.id}`,
        entity: { type: 'contract', id: c.id },
      });
      sent++;
    }
  }
  return sent;
}
