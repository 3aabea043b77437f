import { ArrowLeft, MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { checkResetRequest } from '@sede/shared/auth-rules';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { rateLimitedMessage } from '@sede/shared/auth-errors';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EmailInput } from './email-input.tsx';

/** 'Recuperar Senha': asks for a reset link; the answer never reveals whether the address has an account. */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: { defaultEmail?: string; onBack: () => void }) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const request = useRequestPasswordReset();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const parsed = checkResetRequest({ email });
    if (!parsed.success) {
      const { message } = parsed;
      setError(message);
      toast.error(message);
      inputRef.current?.focus();
      return;
    }
    busy.current = true;
    try {
      const { error: apiError } = await request.mutateAsync(parsed.data.email);
      if (apiError?.status === 429) {
        const wait = rateLimitedMessage(apiError);
        setError(wait);
        toast.error(AUTH_MESSAGES.resetEmailError, { description: wait });
        return;
      }
      if (apiError) throw new Error(apiError.message);
      setSentTo(parsed.data.email);
    } catch {
      setError(AUTH_MESSAGES.resetEmailError);
      toast.error(AUTH_MESSAGES.resetEmailError, { description: 'Tente novamente em alguns minutos.' });
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="grid gap-6">
      <div>
        <Button type="button" variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Voltar
        </Button>
      </div>
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-slate-900">Recuperar Senha</h1>
        {!sentTo && <p className="text-sm text-slate-600">Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.</p>}
      </div>
      {sentTo ? (
        <div role="status" className="grid gap-4">
          <div className="flex gap-3 rounded-[var(--radius-ui)] bg-[var(--color-accent-soft)] p-4 text-sm text-slate-800">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden />
            <div className="grid gap-1">
              <p className="font-medium text-slate-900">Verifique seu e-mail</p>
              <p>
                Se houver uma conta com o e-mail <strong className="break-all">{sentTo}</strong>, você receberá em instantes um link para
                criar uma nova senha. O link vale por 1 hora. Confira também a pasta de spam.
              </p>
            </div>
          </div>
          <Button type="button" className="w-full" onClick={onBack}>
            Voltar ao login
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Recuperar Senha">
          <Field label="E-mail" error={error}>
            <EmailInput
              ref={inputRef}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <Button type="submit" className="w-full" pending={request.isPending}>
            Enviar link de recuperação
          </Button>
        </form>
      )}
    </div>
  );
}
