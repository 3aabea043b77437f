import { CreditCard, Users } from 'lucide-react';
import { Link } from 'react-router';
import { BILLING_MESSAGES, PLAN_INCLUDES, PLANS } from '@sede/shared/billing';
import { count, dayOf, money } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { usePaymentsDisabled } from '../api/get-billing-mode.ts';
import type { BillingSummary } from '../api/get-billing-summary.ts';
import { useSubscriptionCheckout } from '../api/start-checkout.ts';
import { LedgerPanel } from '../components/ledger-panel.tsx';
import { PaymentsPanel } from '../components/payments-panel.tsx';
import { LinkCompanyState } from '../../../components/ui/link-company-state.tsx';
import { useBillingPage } from '../components/billing-page-state.tsx';
import { SandboxCheckoutDialog } from '../components/sandbox-checkout-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { useCheckoutRedirect } from '../components/use-checkout-redirect.ts';

export default function BillingPage() {
  const { company, summary, paymentsOff } = useBillingPage();

  if (!company) {
    return (
      <LinkCompanyState icon={CreditCard} title="Vincule sua empresa para ver a assinatura" description="Plano, pagamentos e o extrato de moedas pertencem à empresa." />
    );
  }

  return (
    <div className="grid gap-8">
      <TestModeBanner />
      {summary.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-slate-100" role="status" aria-busy="true" aria-label="Carregando assinatura" />
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-700">{summary.error.message}</p>
      ) : (
        <Overview s={summary.data} />
      )}

      <section aria-labelledby="payments-title" className="grid gap-3">
        <h2 id="payments-title" className="text-lg font-semibold text-slate-900">Pagamentos</h2>
        <PaymentsPanel />
      </section>

      <section aria-labelledby="ledger-title" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="ledger-title" className="text-lg font-semibold text-slate-900">Extrato de moedas</h2>
          {!paymentsOff && (
            <Button asChild size="sm" variant="secondary">
              <Link to="/comprar-moedas">Comprar moedas</Link>
            </Button>
          )}
        </div>
        <LedgerPanel />
      </section>
      <SandboxCheckoutDialog />
    </div>
  );
}

function Overview({ s }: { s: BillingSummary }) {
  const checkout = useSubscriptionCheckout();
  const redirect = useCheckoutRedirect();
  const paymentsOff = usePaymentsDisabled();
  const planLabel = s.plan ? `Plano ${PLANS[s.plan].label}` : 'Nenhum plano escolhido';
  const canSubscribe = s.status !== 'active' && !s.scheduledSubscription && !paymentsOff;

  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card className="grid gap-5 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Assinatura</p>
            <h2 className="text-xl font-semibold text-slate-900" data-testid="billing-plan">{planLabel}</h2>
          </div>
          <StatusBadge status={s.status} />
        </div>

        <dl className="grid gap-4 sm:grid-cols-3">
          {s.status === 'trialing' && (
            <Fact label="Teste grátis" testId="billing-trial">
              {s.trialDaysLeft === 1 ? 'Falta 1 dia' : `Faltam ${s.trialDaysLeft} dias`}
              {s.trialEndsAt && <span className="block text-xs font-normal text-slate-600">até {dayOf(s.trialEndsAt)}</span>}
            </Fact>
          )}
          {s.status === 'active' && s.currentPeriodEnd && (
            <Fact label="Período atual">
              {dayOf(s.currentPeriodStart!)} a {dayOf(s.currentPeriodEnd)}
            </Fact>
          )}
          <Fact label="Próxima cobrança" testId="billing-next-charge">
            {s.nextCharge ? (
              <>
                {money(s.nextCharge.amountCents)}
                <span className="block text-xs font-normal text-slate-600">em {dayOf(s.nextCharge.date)}, automática</span>
              </>
            ) : (
              <span className="font-normal text-slate-700">Nenhuma cobrança agendada</span>
            )}
          </Fact>
          <Fact label="Saldo de moedas">{count(s.balance)}</Fact>
        </dl>

        {s.status === 'past_due' && (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            O período de teste terminou ou a última cobrança não foi aprovada. Assine um plano para continuar usando a Sede.
          </p>
        )}
        {s.status === 'canceled' && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">A assinatura foi cancelada. Assine novamente para voltar a usar as moedas mensais.</p>
        )}

        <div className="flex flex-wrap items-center gap-2">
          {canSubscribe && s.canManage && (
            <Button onClick={() => checkout.mutate(s.plan ?? 'monthly', redirect)} pending={checkout.isPending}>
              Assinar plano {PLANS[s.plan ?? 'monthly'].label}
            </Button>
          )}
          <Button asChild variant={canSubscribe && s.canManage ? 'ghost' : 'secondary'}>
            <Link to="/planos">Ver planos</Link>
          </Button>
        </div>
        {!s.canManage && !paymentsOff && <p className="text-xs text-slate-600">{BILLING_MESSAGES.adminOnly}</p>}
      </Card>

      <Card className="grid content-start gap-3 p-6" data-testid="billing-collaborators">
        <div className="flex items-center gap-2 text-slate-900">
          <Users className="size-5 text-[var(--color-accent)]" aria-hidden />
          <h2 className="text-base font-semibold">Colaboradores</h2>
        </div>
        <p className="text-2xl font-semibold text-slate-900">
          {s.collaborators.count} <span className="text-base font-normal text-slate-600">de {s.collaborators.included} incluídos</span>
        </p>
        <div className="h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Colaboradores usados" aria-valuemin={0} aria-valuemax={s.collaborators.included} aria-valuenow={Math.min(s.collaborators.count, s.collaborators.included)}>
          <div className={s.collaborators.extra ? 'h-full bg-amber-500' : 'h-full bg-[var(--color-accent)]'} style={{ width: `${Math.min(100, (s.collaborators.count / s.collaborators.included) * 100)}%` }} />
        </div>
        <p className="text-sm text-slate-700">
          {s.collaborators.extra > 0
            ? `${s.collaborators.extra} adicional(is): + ${money(s.collaborators.extraMonthlyCents)} por mês.`
            : `Cada colaborador além de ${s.collaborators.included} custa ${money(PLAN_INCLUDES.extraCollaboratorCents)} por mês.`}
        </p>
      </Card>
    </div>
  );
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900" data-testid={testId}>{children}</dd>
    </div>
  );
}
