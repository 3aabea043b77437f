import { day, money } from '@sede/shared/format';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useCustomerMoney } from '../api/billing.ts';
import { billingKeys } from '../api/keys.ts';

const STATUS: Record<string, { label: string; tone: string }> = {
  open: { label: 'Em aberto', tone: 'bg-sky-100 text-sky-900' },
  paid: { label: 'Recebido', tone: 'bg-emerald-100 text-emerald-900' },
};

/**
 * The customer's money on their record (decision 0547): what they owe (and how much is overdue),
 * what they paid in the last 12 months, and their latest receivables. Only for members who read Financeiro.
 */
export function CustomerMoneyCard({ kind, id }: { kind: 'organization' | 'person'; id: string }) {
  const { membership } = useAuth();
  const allowed = can(grantsFor(membership), 'finance.read');
  const query = useCustomerMoney(kind, id, allowed);
  useLiveInvalidate('fin_entry', billingKeys.customer(kind, id));
  if (!allowed) return null;
  const data = query.data;
  return (
    <section aria-labelledby={`money-${id}`} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="customer-money">
      <h3 id={`money-${id}`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Wallet aria-hidden className="size-4 text-slate-500" /> Financeiro do cliente
      </h3>
      {query.isPending ? (
        <Spinner label="Carregando…" />
      ) : query.isError || !data ? (
        <p className="text-sm text-slate-600">Não foi possível carregar o financeiro do cliente agora.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-600">Deve</dt>
              <dd className="text-base font-semibold tabular-nums text-slate-900">{money(data.openCents)}</dd>
              {data.overdueCents > 0 && <dd className="text-xs text-red-800">{money(data.overdueCents)} vencido</dd>}
            </div>
            <div>
              <dt className="text-slate-600">Pagou em 12 meses</dt>
              <dd className="text-base font-semibold tabular-nums text-slate-900">{money(data.paidLast12MonthsCents)}</dd>
            </div>
          </dl>
          {data.entries.length === 0 ? (
            <p className="text-sm text-slate-600">Nenhuma conta a receber deste cliente.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {data.entries.slice(0, 5).map((e) => {
                const overdue = e.status === 'open' && e.dueDate < todayInBrazil();
                const status = overdue ? { label: 'Vencida', tone: 'bg-red-100 text-red-900' } : (STATUS[e.status] ?? STATUS.open!);
                return (
                  <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5">
                    <span className="min-w-0 truncate text-slate-800">{e.description}</span>
                    <span className="flex items-center gap-2 tabular-nums text-slate-700">
                      {money(e.amountCents)} · {day(e.dueDate)} <Badge tone={status.tone}>{status.label}</Badge>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <Link to="/financeiro?aba=contas-a-receber" className="text-sm font-medium text-[var(--color-accent)] underline-offset-2 hover:underline">
            Abrir contas a receber
          </Link>
        </>
      )}
    </section>
  );
}
