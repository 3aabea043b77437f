import { Coins, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BILLING_MESSAGES, COIN_PACKAGES, packageDiscountPercent, type CoinPackage } from '@sede/shared/billing';
import { count, money } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCoinCheckout } from '../api/start-checkout.ts';
import { LinkCompanyState } from '../../../components/ui/link-company-state.tsx';
import { useBillingPage } from '../components/billing-page-state.tsx';
import { SandboxCheckoutDialog } from '../components/sandbox-checkout-dialog.tsx';
import { Pill } from '../components/status-badge.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { useCheckoutRedirect } from '../components/use-checkout-redirect.ts';

export default function BuyCoinsPage() {
  const { company, summary, paymentsOff } = useBillingPage();
  const checkout = useCoinCheckout();
  const redirect = useCheckoutRedirect();

  if (!company) {
    return (
      <LinkCompanyState icon={Coins} title="Vincule sua empresa para comprar moedas" description="As moedas pertencem à empresa e pagam as ações de IA de toda a equipe." />
    );
  }
  const canManage = summary.data?.canManage ?? false;

  return (
    <div className="grid gap-6">
      <TestModeBanner />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-2xl font-semibold text-slate-900">Comprar moedas</h2>
          <p className="text-slate-700">Moedas pagam as ações de IA da sua equipe. As compradas nunca expiram.</p>
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2 text-amber-950">
          <Coins className="size-5" aria-hidden />
          <div>
            <p className="text-xs font-medium uppercase tracking-wide">Saldo atual</p>
            <p className="text-xl font-semibold" data-testid="buy-balance">{count(company.currency_amount)} moedas</p>
          </div>
        </div>
      </header>

      <ul className="grid gap-4 md:grid-cols-3" aria-label="Pacotes de moedas">
        {COIN_PACKAGES.map((pkg) => (
          <li key={pkg.id}>
            <PackageCard pkg={pkg} buyable={!paymentsOff} disabled={!canManage} pending={checkout.isPending && checkout.variables === pkg.id} onBuy={() => checkout.mutate(pkg.id, redirect)} />
          </li>
        ))}
      </ul>

      {summary.data && !canManage && !paymentsOff && <p className="text-sm text-slate-700" role="note">{BILLING_MESSAGES.adminOnly}</p>}

      {!paymentsOff && (
        <Card className="flex items-start gap-3 p-5 text-sm text-slate-700">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
          <p>
            Pagamento por cartão de crédito, Pix ou boleto. As moedas entram no saldo assim que o pagamento é confirmado (Pix e cartão em instantes; boleto
            em até 3 dias úteis). As 30 moedas mensais do plano são usadas primeiro. <Link to="/billing" className="font-medium text-[var(--color-accent)] underline-offset-4 hover:underline">Ver extrato de moedas</Link>
          </p>
        </Card>
      )}
      <SandboxCheckoutDialog />
    </div>
  );
}

function PackageCard({ pkg, buyable, disabled, pending, onBuy }: { pkg: CoinPackage; buyable: boolean; disabled: boolean; pending: boolean; onBuy: () => void }) {
  const discount = packageDiscountPercent(pkg);
  return (
    <Card className={cn('flex h-full flex-col gap-4 p-6', pkg.highlight && 'border-[var(--color-accent)] ring-1 ring-[var(--color-accent)]')} data-testid={`package-${pkg.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{pkg.label}</h3>
        {pkg.highlight && <Pill>Mais escolhido</Pill>}
      </div>
      <p className="flex items-baseline gap-2 text-slate-900">
        <span className="text-3xl font-semibold tracking-tight">{count(pkg.coins)}</span>
        <span className="text-sm text-slate-600">moedas</span>
      </p>
      <div className="grid gap-0.5">
        <p className="text-xl font-semibold text-slate-900" data-testid="package-price">{money(pkg.priceCents)}</p>
        <p className="text-sm text-slate-600">
          {money(Math.round(pkg.priceCents / pkg.coins))} por moeda{discount > 0 ? ` · ${discount}% de desconto` : ''}
        </p>
      </div>
      {buyable && (
        <Button className="mt-auto" variant={pkg.highlight ? 'primary' : 'secondary'} onClick={onBuy} pending={pending} disabled={disabled} aria-label={`Comprar ${pkg.label}: ${pkg.coins} moedas por ${money(pkg.priceCents)}`}>
          Comprar
        </Button>
      )}
    </Card>
  );
}
