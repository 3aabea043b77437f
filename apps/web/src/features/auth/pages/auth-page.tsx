import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { AuthTabs, AuthTabsContent, AuthTabsList, AuthTabsTrigger } from '../components/auth-tabs.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { whenIdle } from '../../../lib/when-idle.ts';

// Views a person reaches by a click or a link load on demand, so the first download of /auth
// stays inside its budget (docs/decisions/0020-auth-screens.md). The sign-up and forgot-password
// forms are fetched when the browser is idle after the first paint; the modal's Radix dialog
// (focus trap, scroll lock) as soon as the pointer or the focus reaches the 'Criar conta' tab.
const verifyEmailDialog = preloadable(() => import('../../../components/form/verify-email-dialog.tsx').then((m) => m.VerifyEmailDialog));
const signupForm = preloadable(() => import('../components/signup-form.tsx').then((m) => m.SignupForm));
const forgotPasswordForm = preloadable(() => import('../components/forgot-password-form.tsx').then((m) => m.ForgotPasswordForm));
const newPasswordForm = preloadable(() => import('../components/new-password-form.tsx').then((m) => m.NewPasswordForm));
const invalidResetLink = preloadable(() => import('../components/new-password-form.tsx').then((m) => m.InvalidResetLink));
const VerifyEmailDialog = verifyEmailDialog.Component;
const SignupForm = signupForm.Component;
const ForgotPasswordForm = forgotPasswordForm.Component;
const NewPasswordForm = newPasswordForm.Component;
const InvalidResetLink = invalidResetLink.Component;
const prefetchSignup = () => {
  signupForm.preload();
  verifyEmailDialog.preload();
};
/**
 * The new-password form (or the invalid-link view) is the first view of /auth?reset=true: loaded
 * before the route renders, the prerendered form hydrates with the page instead of in a later pass,
 * which what was typed and sent before React ran (app/early-input.ts) would miss (decision 0758).
 * The build's prerender waits for lazy parts itself.
 */
export function firstViewReady() {
  if (typeof window === 'undefined' || new URLSearchParams(window.location.search).get('reset') !== 'true') return undefined;
  return Promise.all([newPasswordForm.ready(), invalidResetLink.ready()]);
}

const viewFallback = (
  <div className="flex justify-center py-8">
    <Spinner label="Carregando..." />
  </div>
);

type View = 'tabs' | 'forgot';
type Tab = 'login' | 'signup';
export type AuthPageState = { passwordReset?: boolean } | null;

/** /auth: 'Entrar' and 'Criar conta' tabs, Google, 'Recuperar Senha' and the new-password form. */
export default function AuthPage() {
  const [params, setParams] = useUrlParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { error: authError } = useAuth();
  const queryEmail = params.get('email')?.trim() ?? '';
  const [view, setView] = useState<View>('tabs');
  const [tab, setTab] = useState<Tab>('login');
  const [loginEmail, setLoginEmail] = useState(queryEmail);
  const [forgotEmail, setForgotEmail] = useState(queryEmail);
  const [loginKey, setLoginKey] = useState(0);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const passwordReset = Boolean((location.state as AuthPageState)?.passwordReset);

  // After the first paint, when the browser is idle, fetch the sign-up form so the tab opens at once.
  useEffect(
    () =>
      whenIdle(() => {
        signupForm.preload();
        forgotPasswordForm.preload();
      }),
    [],
  );

  const toasted = useRef(false);
  useEffect(() => {
    if (params.get('email_confirmed') !== 'true' || toasted.current) return;
    toasted.current = true;
    toast.success(AUTH_MESSAGES.emailConfirmedToast);
    // A reload should not announce it again.
    setParams(
      (next) => {
        next.delete('email_confirmed');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const goToLogin = (email: string) => {
    setLoginEmail(email);
    setLoginKey((k) => k + 1);
    setTab('login');
    setView('tabs');
  };
  const leaveReset = (state: AuthPageState = null) => navigate('/auth', { replace: true, state });

  if (params.get('reset') === 'true') {
    const token = params.get('token');
    return (
      <FocusCard>
        <Header />
        <Suspense fallback={viewFallback}>
          {token && !params.get('error') ? (
            <NewPasswordForm
              token={token}
              onDone={() => leaveReset({ passwordReset: true })}
              onInvalidLink={() => setParams({ reset: 'true', error: 'INVALID_TOKEN' }, { replace: true })}
            />
          ) : (
            <InvalidResetLink
              onRequestNew={() => {
                leaveReset();
                setView('forgot');
              }}
              onBack={() => leaveReset()}
            />
          )}
        </Suspense>
      </FocusCard>
    );
  }

  return (
    <FocusCard>
      <Header />
      {authError && (
        <div className="mb-6">
          <FormAlert title={authError}>Não foi possível verificar sua sessão. Entre novamente para continuar.</FormAlert>
        </div>
      )}
      {view === 'forgot' ? (
        <Suspense fallback={viewFallback}>
          <ForgotPasswordForm defaultEmail={forgotEmail} onBack={() => setView('tabs')} />
        </Suspense>
      ) : (
        <>
          <div className="mb-6 grid gap-1 text-center">
            <h1 className="text-xl font-semibold text-slate-900">Bem-vindo ao Sede</h1>
            <p className="text-sm text-slate-600">Entre ou crie sua conta para gerenciar sua empresa.</p>
          </div>
          <AuthTabs
            value={tab}
            onValueChange={(v) => {
              setTab(v as Tab);
              if (v === 'signup') prefetchSignup();
            }}
          >
            <AuthTabsList aria-label="Entrar ou criar conta">
              <AuthTabsTrigger value="login">Entrar</AuthTabsTrigger>
              <AuthTabsTrigger value="signup" onIntent={prefetchSignup}>
                Criar conta
              </AuthTabsTrigger>
            </AuthTabsList>
            <AuthTabsContent value="login">
              <LoginForm
                key={loginKey}
                defaultEmail={loginEmail}
                notice={passwordReset ? 'Senha redefinida. Entre com sua nova senha.' : undefined}
                onForgot={(email) => {
                  setForgotEmail(email || queryEmail);
                  setView('forgot');
                }}
              />
            </AuthTabsContent>
            <AuthTabsContent value="signup">
              <Suspense fallback={viewFallback}>
                <SignupForm defaultEmail={queryEmail} onSignedUp={setVerifyEmail} onGoToLogin={goToLogin} />
              </Suspense>
            </AuthTabsContent>
          </AuthTabs>
          <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" />
            ou
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleButton />
        </>
      )}
      {verifyEmail && (
        <Suspense fallback={null}>
          <VerifyEmailDialog
            email={verifyEmail}
            onClose={() => {
              setVerifyEmail(null);
              goToLogin(verifyEmail);
            }}
          />
        </Suspense>
      )}
    </FocusCard>
  );
}

function Header() {
  return (
    <div className="mb-6 flex justify-center">
      <Logo />
    </div>
  );
}
