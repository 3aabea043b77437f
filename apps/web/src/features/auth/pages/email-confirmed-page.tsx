import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMAIL_CONFIRMATION_ERRORS, emailConfirmationErrorMessage } from '@sede/shared/auth-errors';
import { DELAYS } from '@sede/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

type State = { status: 'loading' } | { status: 'success'; signedIn: boolean } | { status: 'error'; message: string };

const TOKEN_PARAMS = ['access_token', 'refresh_token', 'type'];

/** Only a path inside the app: `next` must never send the person to another site. */
function safeNextPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /email-confirmed (spec §2, §4). better-auth verifies the link, signs the person in and
 * redirects here (or here with ?error=INVALID_TOKEN|TOKEN_EXPIRED). The access_token /
 * refresh_token parameters of the spec are honoured the same way: 1 s, then a session check.
 */
export default function EmailConfirmedPage() {
  const [params, setParams] = useUrlParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [initial] = useState(() => new URLSearchParams(params));
  const next = safeNextPath(initial.get('next'));
  const [state, setState] = useState<State>(() =>
    initial.get('error') || initial.get('error_description')
      ? { status: 'error', message: emailConfirmationErrorMessage({ error: initial.get('error'), errorDescription: initial.get('error_description') }) }
      : { status: 'loading' },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit, the parameters are read from the first URL
  useEffect(() => {
    if (state.status !== 'loading') return;
    let cancelled = false;
    const hasTokens = Boolean(initial.get('access_token') || initial.get('refresh_token'));
    if (hasTokens) {
      // Tokens do not stay in the address bar or the history.
      const clean = new URLSearchParams(initial);
      for (const p of TOKEN_PARAMS) clean.delete(p);
      setParams(clean, { replace: true });
    }
    void (async () => {
      try {
        if (hasTokens) await wait(DELAYS.emailConfirmationTokens);
        if (cancelled) return;
        const me = await refresh().catch(() => {
          throw new Error(hasTokens ? EMAIL_CONFIRMATION_ERRORS.process : EMAIL_CONFIRMATION_ERRORS.verify);
        });
        if (cancelled) return;
        if (me && next) return void navigate(next, { replace: true });
        setState({ status: 'success', signedIn: Boolean(me) });
      } catch (e) {
        if (cancelled) return;
        const message = e instanceof Error && e.message ? e.message : EMAIL_CONFIRMATION_ERRORS.processEmail;
        setState({ status: 'error', message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <FocusCard>
      {state.status === 'loading' && (
        <div className="flex justify-center py-8">
          <Spinner label="Confirmando seu email..." />
        </div>
      )}
      {state.status === 'success' && (
        <Result
          icon={<CheckCircle2 className="size-7 text-emerald-600" aria-hidden />}
          tone="bg-emerald-50"
          title="Email Confirmado!"
          text={
            state.signedIn
              ? 'Sua conta está ativa e você já está conectado. Continue para configurar sua empresa.'
              : 'Sua conta está ativa. Faça login com seu e-mail e senha para continuar.'
          }
          action={{ label: 'Fazer Login', to: next ?? '/auth?email_confirmed=true' }}
        />
      )}
      {state.status === 'error' && (
        <Result
          icon={<XCircle className="size-7 text-red-600" aria-hidden />}
          tone="bg-red-50"
          title="Erro na Confirmação"
          text={state.message}
          alert
          action={{ label: 'Voltar ao Login', to: '/auth' }}
        />
      )}
    </FocusCard>
  );
}

function Result(props: { icon: ReactNode; tone: string; title: string; text: string; alert?: boolean; action: { label: string; to: string } }) {
  return (
    <div className="grid justify-items-center gap-4 py-2 text-center">
      <div className={`flex size-14 items-center justify-center rounded-full ${props.tone}`}>{props.icon}</div>
      <h1 className="text-xl font-semibold text-slate-900">{props.title}</h1>
      <p className="text-sm text-slate-600" role={props.alert ? 'alert' : undefined}>
        {props.text}
      </p>
      <Button asChild className="mt-2 w-full">
        <Link to={props.action.to} replace>
          {props.action.label}
        </Link>
      </Button>
    </div>
  );
}
