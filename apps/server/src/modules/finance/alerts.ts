import { sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { notify } from '../../platform/notifications/notify.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';

export const FINANCE_ALERTS_QUEUE = 'finance-due-alerts';
/** Every 15 minutes (Brasília); each entry is claimed once per kind, so re-runs notify nobody twice. */
export const FINANCE_ALERTS_CRON = '*/15 * * * *';
/** "Vence em breve": open and due from today up to this many days ahead. */
export const DUE_SOON_DAYS = 3;

const { finEntries: E } = schema;
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

type Claimed = { id: string; companyId: string; kind: 'payable' | 'receivable'; description: string; openCents: number };

export type MemberGrants = { user_id: string; role: string; custom_permissions: unknown };

/** A company's members with what `readersAmong` needs, as a subquery a caller's own statement can carry (a JSON array). */
export const membersJson = (companyId: string) =>
  sql`(SELECT coalesce(json_agg(json_build_object('user_id', user_id, 'role', role, 'custom_permissions', custom_permissions)), '[]') FROM company_members WHERE company_id = ${companyId})`;

/** Which of these members hold finance.read (decision 0174: admins, the finance role, custom finance). */
export const readersAmong = (members: MemberGrants[]): string[] =>
  members.filter((m) => canAny(grantsFor({ role: m.role, customPermissions: m.custom_permissions }), ['finance.read'])).map((m) => m.user_id);

/** The members who hold finance.read in a company. */
export async function financeReaders(tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<string[]> {
  const { rows } = await tenant.db.execute<MemberGrants>(sql`SELECT user_id, role, custom_permissions FROM company_members WHERE company_id = ${tenant.companyId}`);
  return readersAmong(rows);
}

type Alert = 'soon' | 'overdue';

/** The open entries of an alert not yet sent: due in the next DUE_SOON_DAYS days, or due before today. */
function pending(alert: Alert, today: string) {
  return alert === 'soon'
    ? sql`status = 'open' and due_soon_notified_at is null and overdue_notified_at is null and due_date >= ${today} and due_date <= ${addDays(today, DUE_SOON_DAYS)}`
    : sql`status = 'open' and overdue_notified_at is null and due_date < ${today}`;
}

/**
 * Due-soon and overdue alerts (decisions 0174, 0197): for each company, kind of entry and kind of
 * alert with entries not yet alerted, one transaction claims them (marks them alerted) and sends
 * the one notification listing them, through `notify` on the same client, to the members who
 * read finance. A failed notification rolls its claim back, so the next run sends it again; a
 * group that fails does not stop the others. Answers how many entries were alerted.
 */
export async function sendFinanceAlerts(s: Services, today = todayInBrazil()): Promise<number> {
  let alerted = 0;
  let failure: unknown = null;
  const readers = new Map<string, string[]>();
  for (const alert of ['soon', 'overdue'] as const) {
    // The scan spans every company (a schedule of the platform's); each group's work is its company's.
    const { rows: groups } = await s.db.execute<{ company_id: string; kind: Claimed['kind'] }>(
      sql`select distinct company_id, kind from fin_entries where ${pending(alert, today)}`,
    );
    for (const g of groups) {
      const tenant = systemTenant(s, g.company_id, 'schedule');
      if (!readers.has(g.company_id)) readers.set(g.company_id, await financeReaders(tenant));
      try {
        alerted += await tenantTransaction(tenant, async ({ client, db }) => {
          const mark = alert === 'soon' ? { dueSoonNotifiedAt: new Date() } : { overdueNotifiedAt: new Date() };
          const items = (await db
            .update(E)
            .set(mark)
            .where(
              sql`${E.id} in (select id from fin_entries where company_id = ${g.company_id} and kind = ${g.kind} and ${pending(alert, today)}
                               order by due_date limit 5000 for update skip locked)`,
            )
            .returning({ id: E.id, companyId: E.companyId, kind: E.kind, description: E.description, dueDate: E.dueDate, openCents: sql<number>`(${E.amountCents} - ${E.paidCents})::float8` })) as (Claimed & { dueDate: string })[];
          if (items.length === 0) return 0;
          items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.description.localeCompare(b.description));
          const n = items.length;
          const noun = g.kind === 'payable' ? (n === 1 ? 'conta a pagar' : 'contas a pagar') : n === 1 ? 'conta a receber' : 'contas a receber';
          const total = brl.format(items.reduce((sum, e) => sum + Number(e.openCents), 0) / 100);
          const title = alert === 'soon' ? `${n} ${noun} ${n === 1 ? 'vence' : 'vencem'} em breve (${total})` : `${n} ${noun} ${n === 1 ? 'venceu' : 'venceram'} (${total})`;
          const body = items
            .slice(0, 5)
            .map((e) => `• ${e.description}: ${brl.format(Number(e.openCents) / 100)}`)
            .concat(n > 5 ? [`… e mais ${n - 5}`] : [])
            .join('\n');
          const tab = g.kind === 'payable' ? 'contas-a-pagar' : 'contas-a-receber';
          await notify(
            s,
            {
              companyId: g.company_id,
              userIds: readers.get(g.company_id)!,
              kind: 'due_date',
              title,
              body,
              link: `/financeiro?aba=${tab}&situacao=${alert === 'soon' ? 'pending' : 'overdue'}`,
            },
            client,
          );
          return n;
        });
      } catch (err) {
        // Not marked: the next run (every 15 minutes) tries this group again.
        console.error(`[finance] alerta ${alert} de ${g.company_id} não enviado:`, err);
        failure ??= err;
      }
    }
  }
  if (failure) throw failure;
  return alerted;
}
