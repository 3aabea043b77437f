import { CalendarClock, Coins, Gift } from 'lucide-react';
import { Link } from 'react-router';
import { annualSavings, BILLING_MESSAGES, PLAN_TYPES, PLANS, TRIAL, type PlanType } from '@sede/shared/billing';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { BillingSummary } from '../api/get-billing-summary.ts';
import { useSubscriptionCheckout } from '../api/start-checkout.ts';
import { PlanIncludes, PlanPrice } from '../components/plan-price.tsx';
import { useBillingPage } from '../components/billing-page-state.tsx';
import { SandboxCheckoutDialog } from '../components/sandbox-checkout-dialog.tsx';
import { Pill } from '../components/status-badge.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { useCheckoutRedirect } from '../components/use-checkout-redirect.ts';

export default function PlansPage() {
  const { company, summary, paymentsOff } = useBillingPage();
  const checkout = useSubscriptionCheckout();
  const redirect = useCheckoutRedirect();
  const s = summary.data;
  const currentPlan = (s?.plan ?? company?.plan_type ?? null) as PlanType | null;
  const trialing = (s?.status ?? company?.subscription_status) === 'trialing';

  return (
    <div className="grid gap-6">
      <TestModeBanner />
      <header className="grid gap-1">
        <h2 className="text-2xl font-semibold text-slate-900">Planos da Sede</h2>
        <p className="text-slate-700">Um plano com tudo incluído. Escolha entre pagar por mês ou economizar no anual.</p>
      </header>

      {trialing && s && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950" data-testid="trial-banner">
          <CalendarClock className="size-5 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1 text-sm">
            <strong data-testid="trial-days-left">{s.trialDaysLeft === 1 ? 'Falta 1 dia' : `Faltam ${s.trialDaysLeft} dias`}</strong> do seu teste grátis.
            {s.scheduledSubscription ? ' Sua assinatura já está confirmada e começa ao fim do teste.' : ' Depois dele, a cobrança é automática no plano escolhido.'}
          </p>
        </div>
      )}

      {!company && (
        <p className="text-sm text-slate-700" data-testid="plans-no-company">
          Para assinar, primeiro{' '}
          <Link to="/company-welcome" className="font-medium text-[var(--color-accent)] underline underline-offset-2">
            vincule sua empresa
          </Link>
          . O teste grátis de {TRIAL.days} dias começa quando ela é cadastrada.
        </p>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        {PLAN_TYPES.map((plan) => (
          <PlanOffer key={plan} plan={plan} current={currentPlan === plan} summary={s} paymentsOff={paymentsOff} pending={checkout.isPending && checkout.variables === plan} onSubscribe={() => checkout.mutate(plan, redirect)} />
        ))}
      </div>

      <Card className="grid gap-4 p-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <span className="flex size-11 items-center justify-center rounded-full bg-[var(--color-accent-soft)] text-[var(--color-accent)]">
          <Gift className="size-5" aria-hidden />
        </span>
        <div className="grid gap-2">
          <h3 className="text-base font-semibold text-slate-900">Teste grátis de {TRIAL.days} dias</h3>
          <p className="text-sm text-slate-700">
            Toda empresa nova começa com <strong>{TRIAL.days} dias grátis</strong> e <strong>{TRIAL.welcomeCoins} moedas de boas-vindas</strong>, sem
            compromisso. Ao fim do teste, a cobrança é <strong>automática</strong> no plano escolhido (cartão ou boleto).
          </p>
          <p className="text-sm text-slate-700">
            As moedas pagam as ações de IA. As 30 moedas do plano são usadas primeiro e não acumulam de um mês para o outro; as de boas-vindas e as
            compradas nunca expiram.
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            {!paymentsOff && (
              <Button asChild variant="secondary" size="sm">
                <Link to="/comprar-moedas"><Coins /> Comprar moedas</Link>
              </Button>
            )}
            <Button asChild variant="ghost" size="sm">
              <Link to="/billing">Ver assinatura e pagamentos</Link>
            </Button>
          </div>
        </div>
      </Card>
      <SandboxCheckoutDialog />
    </div>
  );
}

function PlanOffer({ plan, current, summary, paymentsOff, pending, onSubscribe }: { plan: PlanType; current: boolean; summary: BillingSummary | undefined; paymentsOff: boolean; pending: boolean; onSubscribe: () => void }) {
  const active = summary?.status === 'active';
  const scheduled = summary?.scheduledSubscription;
  return (
    <Card className={cn('flex flex-col gap-5 p-6', current && 'border-[var(--color-accent)] ring-1 ring-[var(--color-accent)]')} data-testid={`plan-${plan}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">Plano {PLANS[plan].label}</h3>
        <div className="flex gap-2">
          {plan === 'annual' && <Pill tone="green">Economize {annualSavings().percent}%</Pill>}
          {current && <Pill testId="plan-current">Plano atual</Pill>}
        </div>
      </div>
      <PlanPrice plan={plan} />
      <PlanIncludes />
      <div className="mt-auto grid gap-2">
        {active || scheduled ? (
          current ? (
            <Button variant="secondary" disabled>{active ? 'Sua assinatura atual' : 'Assinatura confirmada'}</Button>
          ) : (
            <Button asChild variant="secondary">
              <Link to="/suporte">Fale com o suporte para trocar</Link>
            </Button>
          )
        ) : paymentsOff ? null : (
          <Button variant={current || !summary?.plan ? 'primary' : 'secondary'} onClick={onSubscribe} pending={pending} disabled={!summary?.canManage}>
            Assinar plano {PLANS[plan].label}
          </Button>
        )}
        {summary && !summary.canManage && !active && !paymentsOff && <p className="text-xs text-slate-600">{BILLING_MESSAGES.adminOnly}</p>}
      </div>
    </Card>
  );
}
