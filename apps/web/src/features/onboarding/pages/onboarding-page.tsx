import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, type LucideIcon, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { PLAN_TYPES, PLANS, TRIAL, type PlanType } from '@sede/shared/billing';
import {
  completeOnboardingSchema,
  ONBOARDING_AREAS,
  ONBOARDING_MESSAGES,
  ONBOARDING_PROFILES,
  type PlanRecommendation,
} from '@sede/shared/onboarding';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard, StepIndicator } from '../../../components/ui/focus-card.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { PlanIncludes, PlanPrice } from '../../billing/public.ts';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { useRecommendPlan } from '../api/recommend-plan.ts';
import { ChoiceCard } from '../components/choice-card.tsx';
import { StepActions, StepError } from '../components/step-actions.tsx';

type FormInput = z.input<typeof completeOnboardingSchema>;
type FormOutput = z.output<typeof completeOnboardingSchema>;
type Step = 1 | 2 | 3;

const isPlan = (v: unknown): v is PlanType => PLAN_TYPES.includes(v as PlanType);

export default function OnboardingPage() {
  const { company, permissions } = useAuth();
  if (!company) return <NoCompany />;
  if (!permissions.canAccessAdmin) return <AdminOnly />;
  return <OnboardingWizard />;
}

function OnboardingWizard() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [recommendation, setRecommendation] = useState<PlanRecommendation | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const recommend = useRecommendPlan();
  const complete = useCompleteOnboarding();
  const [finishing, setFinishing] = useState(false);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(completeOnboardingSchema),
    defaultValues: { areas: [] },
    // A step's message clears as soon as the choice is fixed.
    mode: 'onChange',
    shouldFocusError: true,
  });
  const { errors } = form.formState;

  // Each step starts with its question: move focus there so screen readers announce it.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change, to focus the new step's question
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const toAreas = async () => {
    if (await form.trigger('profile')) setStep(2);
  };

  // Moving from 2 to 3 asks for a recommendation; monthly when it fails or says nothing.
  const toPlans = async () => {
    if (!(await form.trigger('areas'))) return;
    const { profile, areas } = form.getValues();
    let result: PlanRecommendation | null = null;
    try {
      const r = await recommend.mutateAsync({ profile: profile!, areas: areas ?? [] });
      result = isPlan(r?.recommendedPlan) ? r : null;
    } catch {
      result = null;
    }
    setRecommendation(result);
    form.setValue('plan', result?.recommendedPlan ?? 'monthly');
    form.clearErrors('plan');
    setStep(3);
  };

  const finish = form.handleSubmit(async (values) => {
    try {
      await complete.mutateAsync(values);
    } catch (e) {
      toast.error(ONBOARDING_MESSAGES.saveFailed, { description: (e as Error).message });
      if (e instanceof ApiError && e.status === 404) form.setError('root', { message: ONBOARDING_MESSAGES.companyNotFound });
      return;
    }
    setFinishing(true);
    try {
      await refresh();
      toast.success('Tudo pronto!', { description: 'Sua empresa está configurada. Bom trabalho!' });
      navigate('/empresa', { replace: true });
    } catch {
      setFinishing(false);
      toast.error(ONBOARDING_MESSAGES.finishFailed, { description: 'Suas preferências foram salvas. Recarregue a página para continuar.' });
    }
  });

  const selectedPlan = form.watch('plan');
  const profileError = errors.profile?.message;
  const areasError = errors.areas?.message ?? errors.areas?.root?.message;

  return (
    <FocusCard wide>
      <div className="mb-6 flex items-center justify-between">
        <Logo />
        <span className="text-sm text-slate-600">Configuração inicial</span>
      </div>
      <StepIndicator step={step} total={3} />
      <form onSubmit={finish} noValidate>
        {step === 1 && (
          <fieldset aria-describedby={profileError ? 'profile-error' : undefined}>
            <legend className="contents">
              <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
                Qual é o seu perfil?
              </h1>
            </legend>
            <p className="mb-4 mt-1 text-sm text-slate-600">Isso nos ajuda a sugerir o melhor começo para você. Não muda o que você pode acessar.</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {ONBOARDING_PROFILES.map((p) => (
                <ChoiceCard key={p.value} type="radio" value={p.value} title={p.label} description={p.description} aria-invalid={profileError ? true : undefined} {...form.register('profile')} />
              ))}
            </div>
            <StepError id="profile-error" message={profileError} />
            <StepActions>
              <Button type="button" onClick={() => void toAreas()}>
                Continuar
              </Button>
            </StepActions>
          </fieldset>
        )}

        {step === 2 && (
          <fieldset aria-describedby={areasError ? 'areas-error' : undefined}>
            <legend className="contents">
              <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
                Quais áreas você quer automatizar?
              </h1>
            </legend>
            <p className="mb-4 mt-1 text-sm text-slate-600">Escolha uma ou mais. Você pode mudar depois.</p>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {ONBOARDING_AREAS.map((a) => (
                <ChoiceCard key={a.value} type="checkbox" value={a.value} title={a.label} description={a.description} aria-invalid={areasError ? true : undefined} {...form.register('areas')} />
              ))}
            </div>
            <StepError id="areas-error" message={areasError} />
            <StepActions onBack={() => setStep(1)}>
              <Button type="button" onClick={() => void toPlans()} pending={recommend.isPending}>
                Continuar
              </Button>
            </StepActions>
          </fieldset>
        )}

        {step === 3 && (
          <fieldset>
            <legend className="contents">
              <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
                Escolha seu plano
              </h1>
            </legend>
            <p className="mb-4 mt-1 text-sm text-slate-600">
              Você começa com {TRIAL.days} dias grátis e {TRIAL.welcomeCoins} moedas de boas-vindas. A cobrança só começa depois do teste.
            </p>
            {recommendation && (
              <p className="mb-4 rounded-lg border border-[var(--color-accent)]/30 bg-[var(--color-accent-soft)] px-3 py-2 text-sm text-slate-800" data-testid="recommendation-reason">
                <strong className="font-semibold">Nossa recomendação:</strong> {recommendation.reason}
              </p>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              {PLAN_TYPES.map((plan) => (
                <ChoiceCard
                  key={plan}
                  type="radio"
                  value={plan}
                  title={`Plano ${PLANS[plan].label}`}
                  data-testid={`choose-${plan}`}
                  badge={
                    // Spec §4: the selected plan carries the badge (decision 0060, updated by 0086).
                    selectedPlan === plan ? (
                      <span className="rounded-full bg-[var(--color-accent)] px-2 py-0.5 text-xs font-semibold text-white" data-testid="recommended-badge">
                        Recomendado
                      </span>
                    ) : undefined
                  }
                  {...form.register('plan')}
                >
                  <span className="mt-2 grid gap-3">
                    <PlanPrice plan={plan} />
                    <PlanIncludes compact />
                  </span>
                </ChoiceCard>
              ))}
            </div>
            <StepError id="plan-error" message={errors.plan?.message ?? errors.root?.message} />
            <StepActions onBack={() => setStep(2)}>
              <Button type="submit" pending={complete.isPending || finishing} disabled={!selectedPlan}>
                Concluir
              </Button>
            </StepActions>
          </fieldset>
        )}
      </form>
    </FocusCard>
  );
}

/** Why the setup is not for this person now, and where to go instead. */
function SetupNotice({ icon: Icon, iconClass, title, alert = false, text, to, action }: { icon: LucideIcon; iconClass: string; title: string; alert?: boolean; text: string; to: string; action: string }) {
  return (
    <FocusCard>
      <div className="grid justify-items-center gap-3 text-center">
        <span className={`rounded-full p-3 ${iconClass}`}>
          <Icon className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold text-slate-900" role={alert ? 'alert' : undefined}>
          {title}
        </h1>
        <p className="text-sm text-slate-700">{text}</p>
        <Button asChild>
          <Link to={to}>{action}</Link>
        </Button>
      </div>
    </FocusCard>
  );
}

function NoCompany() {
  return (
    <SetupNotice
      icon={Building2}
      iconClass="bg-amber-50 text-amber-800"
      title={ONBOARDING_MESSAGES.companyNotFound}
      alert
      text="A configuração inicial é feita para a sua empresa. Vincule-a pelo CNPJ e volte aqui."
      to="/company-welcome"
      action="Vincular empresa"
    />
  );
}

function AdminOnly() {
  return (
    <SetupNotice
      icon={ShieldAlert}
      iconClass="bg-slate-100 text-slate-700"
      title="Configuração feita pelo administrador"
      text={`${ONBOARDING_MESSAGES.adminOnly} Enquanto isso, você já pode usar a Sede.`}
      to="/empresa"
      action="Ir para a empresa"
    />
  );
}
