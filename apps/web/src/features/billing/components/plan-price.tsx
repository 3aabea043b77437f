import { Check } from 'lucide-react';
import { annualSavings, PLAN_INCLUDES, PLANS, TRIAL, type PlanType } from '@sede/shared/billing';
import { money, moneyWhole } from '@sede/shared/format';

/** A plan's price as people read it: R$ 250,00/mês, or R$ 2.200,00/ano (cerca de R$ 183/mês). */
export function PlanPrice({ plan }: { plan: PlanType }) {
  const s = annualSavings();
  return (
    <div className="grid gap-1">
      <p className="text-slate-900">
        <span className="text-3xl font-semibold tracking-tight" data-testid={`price-${plan}`}>{money(PLANS[plan].priceCents)}</span>
        <span className="text-sm text-slate-600">{plan === 'annual' ? '/ano' : '/mês'}</span>
      </p>
      {plan === 'annual' ? (
        <p className="text-sm text-slate-700" data-testid="annual-equivalent">
          Cerca de {moneyWhole(s.monthlyEquivalentCents)}/mês · economize {moneyWhole(s.savingsCents)} por ano ({s.percent}%)
        </p>
      ) : (
        <p className="text-sm text-slate-700">Cobrança todo mês no cartão ou boleto</p>
      )}
    </div>
  );
}

export const PLAN_FEATURES = [
  `${PLAN_INCLUDES.monthlyCoins} moedas por mês (não acumulam)`,
  `Até ${PLAN_INCLUDES.collaborators} colaboradores`,
  `${money(PLAN_INCLUDES.extraCollaboratorCents)} por colaborador adicional por mês`,
  'Todas as funcionalidades',
];

export function PlanIncludes({ compact }: { compact?: boolean }) {
  return (
    <ul className={compact ? 'grid gap-1 text-sm text-slate-700' : 'grid gap-2 text-sm text-slate-800'}>
      {PLAN_FEATURES.map((f) => (
        <li key={f} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}

export const TRIAL_TEXT = `${TRIAL.days} dias grátis com ${TRIAL.welcomeCoins} moedas de boas-vindas; depois, a cobrança é automática no plano escolhido.`;
