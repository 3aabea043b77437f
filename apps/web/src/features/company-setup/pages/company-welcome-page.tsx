import { ArrowRight, Building2, CheckCircle2, Clock, PartyPopper, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { TRIAL } from '@sede/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { PendingInvitationsNotice } from '../../invitations/public.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';

const STEPS = [
  { icon: Building2, title: 'Vincular empresa', text: 'Buscamos os dados da sua empresa pelo CNPJ, direto da Receita Federal.' },
  { icon: Users, title: 'Convidar equipe (opcional)', text: 'Chame seus colegas por e-mail, cada um com a sua função.' },
  { icon: PartyPopper, title: 'Pronto!', text: 'Sua empresa está no ar e você já pode usar os departamentos.' },
];

const BENEFITS = [
  `${TRIAL.welcomeCoins} moedas grátis para começar`,
  `${TRIAL.days} dias de teste grátis com todos os recursos`,
  'Dados da empresa preenchidos automaticamente pelo CNPJ',
  'Cada pessoa da equipe vê só o que a função dela permite',
];

/** Company welcome (spec §2): greets by first name, the three steps, the benefits, then setup. */
export default function CompanyWelcomePage() {
  const navigate = useNavigate();
  const { profile, user } = useAuth();
  const firstName = (profile?.first_name || user?.firstName || '').trim().split(/\s+/)[0];

  return (
    <FocusCard wide>
      <Logo />
      <h1 className="mt-6 text-2xl font-semibold text-slate-900" data-testid="welcome-title">
        {firstName ? `Olá, ${firstName}!` : 'Olá!'} Boas-vindas ao Sede
      </h1>
      <p className="mt-2 text-slate-600">Vamos preparar o espaço da sua empresa. São três passos:</p>
      <PendingInvitationsNotice />

      <ol className="mt-6 grid gap-3" aria-label="Passos">
        {STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-3 rounded-[var(--radius-ui)] border border-slate-200 p-3">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-[var(--color-accent-soft)] text-sm font-semibold text-[var(--color-accent)]"
              aria-hidden
            >
              {i + 1}
            </span>
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-medium text-slate-900">
                <step.icon className="size-4 text-slate-500" aria-hidden />
                <span>
                  <span className="sr-only">{`Passo ${i + 1}: `}</span>
                  {step.title}
                </span>
              </p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <h2 className="mt-6 text-sm font-semibold text-slate-900">O que você ganha</h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2 text-sm text-slate-700">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
            {benefit}
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-3">
        <Button size="lg" onClick={() => navigate('/company-setup')}>
          Vamos começar! <ArrowRight aria-hidden />
        </Button>
        <p className="flex items-center justify-center gap-1.5 text-sm text-slate-600">
          <Clock className="size-4" aria-hidden /> Processo rápido • Menos de 2 minutos
        </p>
      </div>
    </FocusCard>
  );
}
