import { sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CERTIFICATE_ALERT_DAYS } from '@sede/shared/platform/certificates';
import { day } from '@sede/shared/format';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { notify } from '../notifications/notify.ts';
import { systemTenant, tenantTransaction } from '../tenant.ts';
import type { Services } from '../../services.ts';

export const CERTIFICATE_ALERTS_QUEUE = 'certificate-expiry-alerts';
/** Once a day at 8h (Brasília): each certificate is claimed once, so a re-run alerts nobody twice. */
export const CERTIFICATE_ALERTS_CRON = '0 8 * * *';

const C = schema.companyCertificates;

/**
 * The 30-day expiry alert (decision 0540): every certificate that expires within
 * CERTIFICATE_ALERT_DAYS of the clock and was not alerted is claimed and notified, in one
 * transaction per company, to the members who keep the company's money (finance.read, admins).
 * A failed notification rolls its claim back for the next run. Answers how many were alerted.
 */
export async function sendCertificateExpiryAlerts(s: Services): Promise<number> {
  const now = s.clock.now();
  const limit = new Date(now + CERTIFICATE_ALERT_DAYS * 86_400_000);
  // The scan spans every company (a schedule of the platform's); each alert is its company's.
  const { rows } = await s.db.execute<{ company_id: string }>(sql`select company_id from company_certificates where expiry_notified_at is null and not_after <= ${limit.toISOString()}`);
  let alerted = 0;
  for (const { company_id: companyId } of rows) {
    const tenant = systemTenant(s, companyId, 'schedule');
    alerted += await tenantTransaction(tenant, async ({ client, db }) => {
      const [claimed] = await db
        .update(C)
        .set({ expiryNotifiedAt: new Date(now) })
        .where(sql`${C.companyId} = ${companyId} and ${C.expiryNotifiedAt} is null and ${C.notAfter} <= ${limit.toISOString()}`)
        .returning({ notAfter: C.notAfter, subject: C.subject });
      if (!claimed) return 0;
      const { rows: members } = await db.execute<{ user_id: string; role: string; custom_permissions: unknown }>(
        sql`select user_id, role, custom_permissions from company_members where company_id = ${companyId}`,
      );
      const userIds = members.filter((m) => canAny(grantsFor({ role: m.role, customPermissions: m.custom_permissions }), ['finance.read'])).map((m) => m.user_id);
      const expired = claimed.notAfter.getTime() < now;
      const when = day(claimed.notAfter.toISOString().slice(0, 10));
      await notify(
        s,
        {
          companyId,
          userIds,
          kind: 'alert',
          title: expired ? `O certificado digital da empresa venceu em ${when}` : `O certificado digital da empresa vence em ${when}`,
          body: 'Sem um certificado A1 válido a empresa não emite NFS-e nem sela documentos assinados. Renove o e-CNPJ e envie o novo em Financeiro → Nota fiscal.',
          link: '/financeiro?aba=nota-fiscal',
        },
        client,
      );
      return 1;
    });
  }
  return alerted;
}
