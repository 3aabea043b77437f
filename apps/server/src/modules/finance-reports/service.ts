import { DRE_GROUPS, DRE_SUBTOTALS } from '@sede/shared/finance/dre';
import type { CashFlowBucket, CashFlowGranularity, CashFlowReport, DreBasis, DreReport, DreRow, FinanceOverview } from '@sede/shared/finance/reports-schemas';
import { addBusinessDays, addDays, dayOfWeek, previousBusinessDay, todayInBrazil } from '@sede/shared/platform/calendar';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';

/**
 * The finance reports (decision 0177): each view is one SQL statement (one round trip),
 * aggregated in PostgreSQL on the company's indexes; the calendar (a due date on a day off moves
 * to the next business day) is applied here to the per-day sums.
 */

/** The day a due date really falls on: itself when a business day, else the next one. */
export const effectiveDueDate = (due: string) => addBusinessDays(due, 0);

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

type Row = { t: string; k: string | null; n: string | null; d: string | null; v1: string | null; v2: string | null; v3: string | null };

// What a payment moved on its account (amount + interest + fine − discount); receivables add it, payables subtract it.
const GROSS = '(p.amount_cents + p.interest_cents + p.fine_cents - p.discount_cents)';
// The payment's signed amount, its sign from the company's receivable ids (`recv`, joined once; decision 0177).
const SIGNED = `(case when r.id is null then -1 else 1 end) * ${GROSS}`;

/** ISO dates compare as strings. */
const isoMax = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
const isoMin = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);

function bucketStart(date: string, g: CashFlowGranularity): string {
  if (g === 'day') return date;
  if (g === 'month') return `${date.slice(0, 7)}-01`;
  return addDays(date, -((dayOfWeek(date) + 6) % 7)); // Monday
}
function bucketEnd(start: string, g: CashFlowGranularity): string {
  if (g === 'day') return start;
  if (g === 'week') return addDays(start, 6);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
}

/** Realised (payments) and projected (open entries by effective due date) cash flow, with the running balance. */
export async function cashFlow(tenant: Tenant, q: { from: string; to: string; granularity: CashFlowGranularity; accountId?: string }, today = todayInBrazil()): Promise<CashFlowReport> {
  const overdueCutoff = previousBusinessDay(today);
  const { rows } = await tenant.db.$client.query<Row>(
    `with recv as materialized (
       select id from fin_entries where company_id = $1 and kind = 'receivable'
     ),
     per_acc as (
       -- Each payment's sign from a hashed set of the company's receivable ids: no join of every payment with its entry (decision 0177).
       select p.account_id,
              sum(${SIGNED}) filter (where p.paid_date < $2) before,
              sum(${SIGNED}) filter (where p.paid_date >= $2) inside
         from fin_payments p left join recv r on r.id = p.entry_id
        where p.company_id = $1 and p.paid_date <= $3 and ($5::uuid is null or p.account_id = $5)
        group by p.account_id
     )
     select 'acc' t, a.id::text k, a.name n, null::text d, a.opening_balance_cents::text v1, pa.before::text v2, pa.inside::text v3
       from fin_accounts a left join per_acc pa on pa.account_id = a.id
      where a.company_id = $1 and ($5::uuid is null or a.id = $5)
     union all
     select 'real', null, null, d::text, (sum(v) filter (where v > 0))::text, (sum(v) filter (where v < 0))::text, null
       from (select p.paid_date d, ${SIGNED} v
               from fin_payments p left join recv r on r.id = p.entry_id
              where p.company_id = $1 and p.paid_date between $2 and $3 and ($5::uuid is null or p.account_id = $5)) r
      group by d
     union all
     -- Open entries per planned account too (the projection per account, decision 0199).
     select 'proj', kind, account_id::text, due_date::text, sum(amount_cents - paid_cents)::text, null, null
       from fin_entries
       where company_id = $1 and status = 'open' and due_date > $4 and due_date <= $3 and ($5::uuid is null or account_id = $5)
       group by kind, due_date, account_id
     union all
     select 'late', kind, account_id::text, null, sum(amount_cents - paid_cents)::text, count(*)::text, null
       from fin_entries
       where company_id = $1 and status = 'open' and due_date <= $4 and ($5::uuid is null or account_id = $5)
       group by kind, account_id`,
    [tenant.companyId, q.from, q.to, overdueCutoff, q.accountId ?? null],
  );
  if (q.accountId && !rows.some((r) => r.t === 'acc')) throw notFound('Conta não encontrada.');

  // Buckets over the period.
  const buckets = new Map<string, CashFlowBucket>();
  for (let d = bucketStart(q.from, q.granularity); d <= q.to; d = addDays(bucketEnd(d, q.granularity), 1)) {
    const end = bucketEnd(d, q.granularity);
    buckets.set(d, { start: isoMax(d, q.from), end: isoMin(end, q.to), realizedInCents: 0, realizedOutCents: 0, projectedInCents: 0, projectedOutCents: 0, balanceCents: 0 });
  }
  const at = (date: string) => buckets.get(bucketStart(date, q.granularity))!;

  let opening = 0;
  const accounts: CashFlowReport['accounts'] = [];
  // Projection between today and the period's start moves its opening balance (a future period).
  let projectedBefore = 0;
  const project = (date: string, signed: number) => {
    if (date < today) date = today; // overdue: expected today
    if (date > q.to) return;
    if (date < q.from) {
      projectedBefore += signed;
      return;
    }
    const b = at(date);
    if (signed > 0) b.projectedInCents += signed;
    else b.projectedOutCents += -signed;
  };
  // What each account's open entries add from today to the period's end (overdue ones today).
  const projectedByAccount = new Map<string, number>();
  for (const r of rows) {
    if ((r.t !== 'proj' && r.t !== 'late') || !r.n || q.to < today) continue;
    if (r.t === 'proj' && effectiveDueDate(r.d!) > q.to) continue;
    projectedByAccount.set(r.n, (projectedByAccount.get(r.n) ?? 0) + (r.k === 'receivable' ? 1 : -1) * n(r.v1));
  }
  for (const r of rows) {
    if (r.t === 'acc') {
      const before = n(r.v1) + n(r.v2);
      opening += before;
      const closing = before + n(r.v3);
      accounts.push({ id: r.k!, name: r.n!, openingBalanceCents: before, closingBalanceCents: closing, projectedClosingCents: closing + (projectedByAccount.get(r.k!) ?? 0) });
    } else if (r.t === 'real') {
      const b = at(r.d!);
      b.realizedInCents += n(r.v1);
      b.realizedOutCents += -n(r.v2);
    } else if (r.t === 'proj' || r.t === 'late') {
      const signed = (r.k === 'receivable' ? 1 : -1) * n(r.v1);
      if (r.t === 'late') project(today, signed);
      else project(effectiveDueDate(r.d!), signed);
    }
  }
  accounts.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  // Running balance: realised, plus what is projected from today on.
  let balance = opening + (q.from > today ? projectedBefore : 0);
  const list = [...buckets.values()];
  const totals = { realizedInCents: 0, realizedOutCents: 0, projectedInCents: 0, projectedOutCents: 0, closingBalanceCents: 0 };
  for (const b of list) {
    balance += b.realizedInCents - b.realizedOutCents + b.projectedInCents - b.projectedOutCents;
    b.balanceCents = balance;
    totals.realizedInCents += b.realizedInCents;
    totals.realizedOutCents += b.realizedOutCents;
    totals.projectedInCents += b.projectedInCents;
    totals.projectedOutCents += b.projectedOutCents;
  }
  totals.closingBalanceCents = balance;
  return { from: q.from, to: q.to, granularity: q.granularity, today, openingBalanceCents: opening + (q.from > today ? projectedBefore : 0), buckets: list, accounts, totals };
}

const monthsEndingAt = (to: string, count: number): string[] => {
  let [y, m] = to.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.unshift(`${y}-${String(m).padStart(2, '0')}`);
    m--;
    if (m === 0) {
      m = 12;
      y--;
    }
  }
  return out;
};

export const UNCATEGORIZED = { income: 'outras_receitas', expense: 'outras_despesas' } as const;

/**
 * The DRE gerencial per month (decision 0177): competence basis (entries by competence date,
 * their full amount, cancelled ones out) or cash basis (payments by date, what they moved);
 * receivables positive, payables negative; a subtotal is the sum of every line above it.
 */
export async function dre(tenant: Tenant, q: { to: string; months: number; basis: DreBasis }): Promise<DreReport> {
  const months = monthsEndingAt(q.to, q.months);
  const from = `${months[0]}-01`;
  const end = bucketEnd(`${q.to}-01`, 'month');
  const sqlText =
    q.basis === 'competence'
      ? `select e.category_id k, date_trunc('month', e.competence_date) m, e.kind, sum(e.amount_cents) v
           from fin_entries e
          where e.company_id = $1 and e.competence_date between $2 and $3 and e.status <> 'cancelled'
          group by 1, 2, 3`
      : `select e.category_id k, date_trunc('month', p.paid_date) m, e.kind, sum(p.amount_cents + p.interest_cents + p.fine_cents - p.discount_cents) v
           from fin_payments p join fin_entries e on e.id = p.entry_id and e.company_id = $1
          where p.company_id = $1 and p.paid_date between $2 and $3
          group by 1, 2, 3`;
  const { rows } = await tenant.db.$client.query<{ k: string | null; m: string; kind: string; v: string; t: string; name: string | null; grp: string | null; pos: number | null }>(
    `with sums as (${sqlText})
     select 's' t, s.k::text k, to_char(s.m, 'YYYY-MM') m, s.kind, s.v::text v, c.name, c.dre_group grp, c.position pos
       from sums s left join fin_categories c on c.id = s.k`,
    [tenant.companyId, from, end],
  );
  const idx = new Map(months.map((m, i) => [m, i]));
  const groupRows = new Map<string, DreRow>(
    DRE_GROUPS.map((g) => [g.key, { key: g.key, label: g.label, type: 'group', values: months.map(() => 0), totalCents: 0 }]),
  );
  const catRows = new Map<string, DreRow & { pos: number }>();
  for (const r of rows) {
    const i = idx.get(r.m);
    if (i === undefined) continue;
    const signed = (r.kind === 'receivable' ? 1 : -1) * n(r.v);
    const group = r.grp && groupRows.has(r.grp) ? r.grp : r.kind === 'receivable' ? UNCATEGORIZED.income : UNCATEGORIZED.expense;
    const catKey = r.k && r.name ? r.k : `none:${group}`;
    let cat = catRows.get(catKey);
    if (!cat) {
      cat = { key: catKey, label: r.name && r.k ? r.name : 'Sem categoria', type: 'category', group, values: months.map(() => 0), totalCents: 0, pos: r.pos ?? 1e9 };
      catRows.set(catKey, cat);
    }
    cat.values[i]! += signed;
    cat.totalCents += signed;
    const g = groupRows.get(group)!;
    g.values[i]! += signed;
    g.totalCents += signed;
  }
  const out: DreRow[] = [];
  const running = months.map(() => 0);
  for (const g of DRE_GROUPS) {
    const row = groupRows.get(g.key)!;
    out.push(row);
    const cats = [...catRows.values()].filter((c) => c.group === g.key).sort((a, b) => a.pos - b.pos || a.label.localeCompare(b.label, 'pt-BR'));
    for (const { pos: _pos, ...c } of cats) out.push(c);
    if (g.key !== 'investimentos') row.values.forEach((v, i) => (running[i]! += v));
    const sub = DRE_SUBTOTALS.find((s) => s.after === g.key);
    if (sub) out.push({ key: sub.key, label: sub.label, type: 'subtotal', values: [...running], totalCents: running.reduce((a, b) => a + b, 0) });
  }
  return { basis: q.basis, months, rows: out };
}

/** The overview: balances today, this month's to receive / to pay, overdue totals, the next 30 days. */
export async function overview(tenant: Tenant, today = todayInBrazil()): Promise<FinanceOverview> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnd = bucketEnd(monthStart, 'month');
  const horizon = addDays(today, 30);
  const overdueCutoff = previousBusinessDay(today);
  const { rows } = await tenant.db.$client.query<Row>(
    `with recv as materialized (
       select id from fin_entries where company_id = $1 and kind = 'receivable'
     ),
     per_acc as (
       select p.account_id, sum(${SIGNED}) v
         from fin_payments p left join recv r on r.id = p.entry_id where p.company_id = $1 and p.paid_date <= $2 group by p.account_id
     )
     select 'acc' t, a.id::text k, a.name n, a.kind d, a.opening_balance_cents::text v1, pa.v::text v2, null v3
       from fin_accounts a left join per_acc pa on pa.account_id = a.id where a.company_id = $1 and a.archived_at is null
     union all
     select 'month', e.kind, null, null,
            (sum(e.amount_cents - e.paid_cents) filter (where e.status = 'open' and e.due_date between $3 and $4))::text, null, null
       from fin_entries e where e.company_id = $1 and e.status = 'open' and e.due_date between $3 and $4 group by e.kind
     union all
     select 'paid', k, null, null, sum(v)::text, null, null
       from (select case when r.id is null then 'payable' else 'receivable' end k, ${GROSS} v
               from fin_payments p left join recv r on r.id = p.entry_id where p.company_id = $1 and p.paid_date between $3 and $4) m
      group by k
     union all
     select 'late', kind, null, null, sum(amount_cents - paid_cents)::text, count(*)::text, null
       from fin_entries where company_id = $1 and status = 'open' and due_date <= $5 group by kind
     union all
     select 'proj', kind, null, due_date::text, sum(amount_cents - paid_cents)::text, null, null
       from fin_entries where company_id = $1 and status = 'open' and due_date > $5 and due_date <= $6 group by kind, due_date`,
    [tenant.companyId, today, monthStart, monthEnd, overdueCutoff, horizon],
  );
  const accounts: FinanceOverview['accounts'] = [];
  const month = { receivableCents: 0, payableCents: 0, receivedCents: 0, paidCents: 0 };
  const overdue = { receivableCents: 0, receivableCount: 0, payableCents: 0, payableCount: 0 };
  const days = new Map<string, { inCents: number; outCents: number }>();
  for (let d = today; d <= horizon; d = addDays(d, 1)) days.set(d, { inCents: 0, outCents: 0 });
  const add = (date: string, kind: string | null, cents: number) => {
    if (date < today) date = today;
    const day = days.get(date);
    if (!day) return;
    if (kind === 'receivable') day.inCents += cents;
    else day.outCents += cents;
  };
  for (const r of rows) {
    if (r.t === 'acc') accounts.push({ id: r.k!, name: r.n!, kind: r.d!, balanceCents: n(r.v1) + n(r.v2) });
    else if (r.t === 'month') month[r.k === 'receivable' ? 'receivableCents' : 'payableCents'] = n(r.v1);
    else if (r.t === 'paid') month[r.k === 'receivable' ? 'receivedCents' : 'paidCents'] = n(r.v1);
    else if (r.t === 'late') {
      if (r.k === 'receivable') Object.assign(overdue, { receivableCents: n(r.v1), receivableCount: n(r.v2) });
      else Object.assign(overdue, { payableCents: n(r.v1), payableCount: n(r.v2) });
      add(today, r.k, n(r.v1));
    } else if (r.t === 'proj') add(effectiveDueDate(r.d!), r.k, n(r.v1));
  }
  accounts.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const total = accounts.reduce((s, a) => s + a.balanceCents, 0);
  let balance = total;
  const projection = [...days].map(([date, v]) => {
    balance += v.inCents - v.outCents;
    return { date, ...v, balanceCents: balance };
  });
  return { today, accounts, totalBalanceCents: total, month, overdue, projection };
}
