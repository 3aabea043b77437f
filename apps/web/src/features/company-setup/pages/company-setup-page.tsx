import { zodResolver } from '@hookform/resolvers/zod';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { normalizeCnpjInput } from '@sede/shared/cnpj-format';
import { COMPANY_MESSAGES, type CompanyLookupResult, type CreateCompanyData, type CreateCompanyInput } from '@sede/shared/company';
import { DELAYS } from '@sede/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FocusCard, StepIndicator } from '../../../components/ui/focus-card.tsx';
import { PendingInvitationsNotice } from '../../invitations/public.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { cnpjLookupSchema, useLookupCnpj } from '../api/lookup-cnpj.ts';
import { createCompanySchema, useCreateCompany } from '../api/create-company.ts';
import { FoundCompanyCard } from '../components/found-company-card.tsx';
import { CNPJ_MASK, MaskedInput, PHONE_MASK } from '../../../components/form/masked-input.tsx';
import { LookupProblemNotice } from '../components/lookup-problem-notice.tsx';
import { lookupProblemOf, showCreateError, type LookupProblem } from '../components/setup-errors.ts';
import { useOAuthReturn } from '../hooks/use-oauth-return.ts';

type Phase = 'idle' | 'found' | 'submitting' | 'created';

/** Company setup (spec §2, §4): step 1 of 3, link the company by its CNPJ. */
export default function CompanySetupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, profile, refresh } = useAuth();
  const lookup = useLookupCnpj();
  const create = useCreateCompany();
  const [found, setFound] = useState<CompanyLookupResult | null>(null);
  const [problem, setProblem] = useState<LookupProblem | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const cnpjId = useId();
  const missingId = useId();
  const submitting = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(redirectTimer.current ?? undefined), []);

  const form = useForm<CreateCompanyInput, unknown, CreateCompanyData>({
    resolver: zodResolver(createCompanySchema),
    defaultValues: { cnpj: '', whatsapp: '', email: '' },
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, watch, setError, clearErrors, setValue, formState } = form;

  const oauth = useOAuthReturn({
    pathname: location.pathname,
    state: location.state,
    search: location.search,
    navigate,
    prefill: () => {
      if (user?.email) setValue('email', user.email, { shouldDirty: true });
      if (profile?.phone) setValue('whatsapp', profile.phone, { shouldDirty: true });
    },
  });

  const cnpj = normalizeCnpjInput(watch('cnpj') ?? '');
  const whatsapp = watch('whatsapp') ?? '';
  const email = watch('email') ?? '';
  const cnpjComplete = cnpj.length === 14;
  // A different CNPJ typed after a search: the found company no longer applies.
  const foundForInput = found && found.cnpj === cnpj ? found : null;
  const busy = phase === 'submitting' || phase === 'created';
  const canSubmit = Boolean(foundForInput) && whatsapp.trim() !== '' && email.trim() !== '' && !busy;

  const search = () => {
    if (!cnpjComplete || lookup.isPending || busy) return;
    const parsed = cnpjLookupSchema.safeParse({ cnpj });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? COMPANY_MESSAGES.cnpjInvalid;
      setError('cnpj', { message });
      toast.error(message, { description: COMPANY_MESSAGES.notFoundDescription });
      return;
    }
    clearErrors('cnpj');
    setFound(null);
    setProblem(null);
    setPhase('idle');
    lookup.mutate(parsed.data, {
      onSuccess: (company) => {
        setFound(company);
        setPhase('found');
      },
      onError: (e) => setProblem(lookupProblemOf(e, cnpj, (message) => setError('cnpj', { message }))),
    });
  };

  const onCnpjKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter searches; it never submits the form from here
    search();
  };

  const onValid = async (data: CreateCompanyData) => {
    if (submitting.current) return; // double submits are ignored
    if (!foundForInput) {
      toast.error(COMPANY_MESSAGES.notSelected, { description: 'Busque o CNPJ da sua empresa antes de continuar.' });
      return;
    }
    if (!user) {
      toast.error(COMPANY_MESSAGES.invalidSession, { description: 'Entre novamente para continuar.' });
      return;
    }
    submitting.current = true;
    setPhase('submitting');
    try {
      await create.mutateAsync({ cnpj: foundForInput.cnpj, whatsapp: data.whatsapp, email: data.email });
      setPhase('created');
      toast.success(COMPANY_MESSAGES.success);
      redirectTimer.current = setTimeout(() => {
        // Navigate first, then reload the auth state: the routing rules must not see
        // "company without onboarding" on this page and send the person elsewhere.
        navigate(oauth.googleFlow ? '/onboarding' : '/team-invite', { replace: true });
        void refresh();
      }, DELAYS.afterCompanyCreated);
    } catch (e) {
      submitting.current = false;
      setPhase('found');
      showCreateError(e, {
        onAlreadyMember: () => {
          void refresh().then(() => navigate('/empresa', { replace: true }));
        },
      });
    }
  };

  const onInvalid = () => {
    if (!foundForInput) toast.error(COMPANY_MESSAGES.notSelected, { description: 'Busque o CNPJ da sua empresa antes de continuar.' });
  };

  const touchedContact = formState.touchedFields.whatsapp || formState.touchedFields.email;
  // A problem about a CNPJ no longer in the field says nothing about the one typed now.
  const problemForInput = problem && problem.cnpj === cnpj && !lookup.isPending ? problem : null;
  // Said under the disabled Continue: what is still missing, in the order of the form.
  const missing = [
    !foundForInput && (cnpjComplete ? 'busque o CNPJ e encontre a empresa' : 'informe o CNPJ da empresa'),
    whatsapp.trim() === '' && 'informe o WhatsApp',
    email.trim() === '' && 'informe o e-mail profissional',
  ].filter((item): item is string => Boolean(item));

  return (
    <FocusCard className="sm:max-w-lg">
      <StepIndicator step={1} />
      <h1 className="text-xl font-semibold text-slate-900">{oauth.googleFlow ? COMPANY_MESSAGES.googleTitle : 'Vincular Empresa'}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Informe o CNPJ: buscamos os dados da sua empresa na Receita Federal para você não precisar digitar.
      </p>
      <PendingInvitationsNotice />
      {oauth.googleFlow && (
        <p role="status" className="mt-4 rounded-[var(--radius-ui)] border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="oauth-success">
          {COMPANY_MESSAGES.oauthSuccess}. {COMPANY_MESSAGES.oauthSuccessDescription}
        </p>
      )}

      <form className="mt-6 grid gap-5" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Controller
          control={control}
          name="cnpj"
          render={({ field, fieldState }) => (
            <div className="grid gap-1.5">
              <Label htmlFor={cnpjId}>CNPJ</Label>
              <div className="flex gap-2">
                <MaskedInput
                  mask={CNPJ_MASK}
                  id={cnpjId}
                  value={field.value ?? ''}
                  onValueChange={(v) => {
                    field.onChange(v);
                    if (fieldState.error) clearErrors('cnpj');
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name="cnpj"
                  aria-describedby={`${cnpjId}-message`}
                  aria-invalid={fieldState.error ? true : undefined}
                  inputMode="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={18}
                  placeholder="00.000.000/0000-00"
                  className="font-mono"
                  onKeyDown={onCnpjKeyDown}
                  disabled={busy}
                  data-testid="cnpj-input"
                />
                <Button
                  type="button"
                  variant="secondary"
                  onClick={search}
                  disabled={!cnpjComplete || busy}
                  pending={lookup.isPending}
                  aria-label="Buscar CNPJ"
                  data-testid="cnpj-search"
                >
                  {!lookup.isPending && <Search aria-hidden />}
                  <span className="hidden sm:inline">Buscar</span>
                </Button>
              </div>
              {fieldState.error ? (
                <p id={`${cnpjId}-message`} role="alert" className="text-sm text-red-700">{fieldState.error.message}</p>
              ) : (
                <p id={`${cnpjId}-message`} className="text-xs text-slate-600">Aceita o CNPJ numérico e o novo CNPJ com letras.</p>
              )}
            </div>
          )}
        />

        {lookup.isPending && (
          <div role="status" className="h-28 animate-pulse rounded-[var(--radius-ui)] bg-slate-100" aria-label="Buscando dados da empresa..." />
        )}
        {problemForInput && <LookupProblemNotice problem={problemForInput} onRetry={search} retrying={lookup.isPending} />}
        {foundForInput && <FoundCompanyCard company={foundForInput} />}

        <Controller
          control={control}
          name="whatsapp"
          render={({ field, fieldState }) => (
            <Field label="WhatsApp" error={fieldState.error?.message}>
              <MaskedInput
                mask={PHONE_MASK}
                value={field.value ?? ''}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                name="whatsapp"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(11) 91234-5678"
                disabled={busy}
              />
            </Field>
          )}
        />

        <Field label="E-mail profissional" error={formState.errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" placeholder="voce@suaempresa.com.br" disabled={busy} {...register('email')} />
        </Field>

        <div className="grid gap-3">
          <Button
            type="submit"
            size="lg"
            disabled={!canSubmit}
            pending={phase === 'submitting'}
            aria-describedby={!busy && missing.length > 0 ? missingId : undefined}
            data-testid="company-setup-submit"
          >
            {phase === 'created' ? 'Empresa cadastrada' : 'Continuar'}
          </Button>
          {!foundForInput && touchedContact && (
            <p className="text-center text-sm text-slate-600" role="status" data-testid="company-not-selected">
              {COMPANY_MESSAGES.notSelected}: busque o CNPJ acima para continuar.
            </p>
          )}
          {!busy && missing.length > 0 && (
            <p id={missingId} className="text-center text-sm text-slate-600" data-testid="continue-missing">
              Para continuar, falta: {missing.join(', ')}.
            </p>
          )}
          <Button type="button" variant="ghost" onClick={() => navigate('/company-welcome')} disabled={busy}>
            Voltar
          </Button>
        </div>
      </form>
    </FocusCard>
  );
}
