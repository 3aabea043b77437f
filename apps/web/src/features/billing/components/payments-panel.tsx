import { Receipt } from 'lucide-react';
import { findCoinPackage, PAYMENT_STATUS_LABELS, PLANS, type PlanType } from '@sede/shared/billing';
import { dayOf, money } from '@sede/shared/format';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePayments, type PaymentItem } from '../api/list-payments.ts';

const STATUS_TONE: Record<string, string> = {
  paid: 'text-green-800',
  pending: 'text-amber-900',
  scheduled: 'text-sky-900',
  failed: 'text-red-700',
  canceled: 'text-slate-600',
};

const describe = (p: PaymentItem) =>
  p.kind === 'coins'
    ? `${findCoinPackage(p.item)?.label ?? 'Pacote de moedas'} · ${p.coins} moedas`
    : `Assinatura · plano ${PLANS[p.item as PlanType]?.label ?? p.item}`;

export function PaymentsPanel() {
  const payments = usePayments();
  if (payments.isPending) return <div className="h-24 animate-pulse rounded-xl bg-slate-100" role="status" aria-busy="true" aria-label="Carregando pagamentos" />;
  if (payments.isError) return <p role="alert" className="text-sm text-red-700">{payments.error.message}</p>;
  if (!payments.data.length) {
    return <EmptyState icon={Receipt} title="Nenhum pagamento ainda" description="Assinaturas e compras de moedas aparecem aqui, com a situação de cada pagamento." />;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Pagamentos">
      {payments.data.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="payment-row">
          <span className="w-24 shrink-0 text-slate-600">{dayOf(p.paidAt ?? p.createdAt)}</span>
          <span className="min-w-0 flex-1 basis-48 font-medium text-slate-900">{describe(p)}</span>
          <span className={cn('w-36 font-medium', STATUS_TONE[p.status])}>{PAYMENT_STATUS_LABELS[p.status] ?? p.status}</span>
          <span className="w-28 text-right font-semibold tabular-nums text-slate-900">{money(p.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}
