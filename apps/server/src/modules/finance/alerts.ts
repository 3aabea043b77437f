import { sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { notify } from '../../platform/notifications/notify.ts';
import type { Services } from '../../services.ts';

export const FINANCE_ALERTS_QUEUE = 'finance-due-alerts';
/** Every 15 minutes (Brasília); each entry is claimed once per kind, so re-runs notify nobody twice. */
export const FINANCE_ALERTS_CRON = '*/15 * * * *';
/** "Vence em breve": open and due from today up to this many days ahead. */
export const DUE_SOON_DAYS = 3;

const { finEntries: E } = schema;
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

type Claimed = { id: string; companyId: string; kind: 'payable' | 'receivable'; description: string; openCents: number };

/** The members who hold financeiro.read in a company (decision 0174: admins, the finance role, custom finance). */
async function financeReaders(s: Services, companyId: string): Promise<string[]> {
  const { rows } = await s.pool.query<{ user_id: string; role: string; custom_permissions: unknown }>(
    'SELECT user_id, role, custom_permissions FROM company_members WHERE company_id = $1',
    [companyId],
  );
  return rows.filter((m) => canAny(grantsFor({ role: m.role, customPermissions: m.custom_permissions }), ['financeiro.read'])).map((m) => m.user_id);
}

/**
 * Due-soon and overdue alerts (decision 0174): claims the entries not yet alerted for the kind
 * (open, due in the next DUE_SOON_DAYS days / due before today) and sends one notification per
 * company and kind of alert, listing them, to the members who read finance. Answers how many
 * entries were alerted.
 */
export async function sendFinanceAlerts(s: Services, today = todayInBrazil()): Promise<number> {
  const soonUntil = addDays(today, DUE_SOON_DAYS);
  const dueSoon = (await s.db
    .update(E)
    .set({ dueSoonNotifiedAt: new Date() })
    .where(
      sql`${E.id} in (select id from fin_entries where status = 'open' and due_soon_notified_at is null and overdue_notified_at is null
                       and due_date >= ${today} and due_date <= ${soonUntil} order by due_date limit 5000 for update skip locked)`,
    )
    .returning({ id: E.id, companyId: E.companyId, kind: E.kind, description: E.description, openCents: sql<number>`(${E.amountCents} - ${E.paidCents})::float8` })) as Claimed[];
  const overdue = (await s.db
    .update(E)
    .set({ overdueNotifiedAt: new Date() })
    .where(
      sql`${E.id} in (select id from fin_entries where status = 'open' and overdue_notified_at is null
                       and due_date < ${today} order by due_date limit 5000 for update skip locked)`,
    )
    .returning({ id: E.id, companyId: E.companyId, kind: E.kind, description: E.description, openCents: sql<number>`(${E.amountCents} - ${E.paidCents})::float8` })) as Claimed[];

  const groups = new Map<string, { companyId: string; alert: 'soon' | 'overdue'; kind: Claimed['kind']; items: Claimed[] }>();
  for (const [alert, list] of [['soon', dueSoon], ['overdue', overdue]] as const) {
    for (const e of list) {
      const key = `${e.companyId}:${alert}:${e.kind}`;
      const g = groups.get(key) ?? { companyId: e.companyId, alert, kind: e.kind, items: [] };
      g.items.push(e);
      groups.set(key, g);
    }
  }
  const readers = new Map<string, string[]>();
  for (const g of groups.values()) {
    if (!readers.has(g.companyId)) readers.set(g.companyId, await financeReaders(s, g.companyId));
    const n = g.items.length;
    const noun = g.kind === 'payable' ? (n === 1 ? 'conta a pagar' : 'contas a pagar') : n === 1 ? 'conta a receber' : 'contas a receber';
    const total = brl.format(g.items.reduce((sum, e) => sum + Number(e.openCents), 0) / 100);
    const title = g.alert === 'soon' ? `${n} ${noun} ${n === 1 ? 'vence' : 'vencem'} em breve (${total})` : `${n} ${noun} ${n === 1 ? 'venceu' : 'venceram'} (${total})`;
    const body = g.items
      .slice(0, 5)
      .map((e) => `• ${e.description}: ${brl.format(Number(e.openCents) / 100)}`)
      .concat(n > 5 ? [`… e mais ${n - 5}`] : [])
      .join('\n');
    const tab = g.kind === 'payable' ? 'contas-a-pagar' : 'contas-a-receber';
    await notify(s, {
      companyId: g.companyId,
      userIds: readers.get(g.companyId)!,
      kind: 'due_date',
      title,
      body,
      link: `/financeiro?aba=${tab}&situacao=${g.alert === 'soon' ? 'pending' : 'overdue'}`,
    });
  }
  return dueSoon.length + overdue.length;
}
