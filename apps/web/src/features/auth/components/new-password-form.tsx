import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { checkNewPassword } from '@sede/shared/auth-rules';
import { resetPasswordErrorMessage } from '@sede/shared/auth-errors';
import { Button } from '../../../components/ui/button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { useFieldForm } from '../hooks/use-field-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type FieldName = 'password' | 'confirmPassword';

/** 'Nova senha' (/auth?reset=true&token=…): decided in docs/decisions/0021-password-reset-form.md. */
export function NewPasswordForm({ token, onDone, onInvalidLink }: { token: string; onDone: () => void; onInvalidLink: () => void }) {
  const { values, setError, fail, bind, errorOf, busy } = useFieldForm<FieldName>(() => ({ password: '', confirmPassword: '' }));
  const reset = useResetPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const parsed = checkNewPassword(values);
    if (!parsed.success) {
      toast.error(parsed.message);
      return fail(parsed.field, parsed.message);
    }
    busy.current = true;
    try {
      const { error: apiError } = await reset.mutateAsync({ newPassword: parsed.data.password, token });
      if (apiError) {
        const result = resetPasswordErrorMessage(apiError);
        toast.error(result.title, { description: result.description });
        if (result.invalidLink) return onInvalidLink();
        return setError({ field: 'password', message: result.title });
      }
      toast.success('Senha redefinida com sucesso!', { description: 'Entre com sua nova senha.' });
      onDone();
    } catch {
      const result = resetPasswordErrorMessage(null);
      toast.error(result.title, { description: result.description });
      setError({ field: 'password', message: result.title });
    } finally {
      busy.current = false;
    }
  };


  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <div className="flex size-10 items-center justify-center rounded-full bg-[var(--color-accent-soft)] text-[var(--color-accent)]">
          <KeyRound className="size-5" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Nova senha</h1>
        <p className="text-sm text-slate-600">Crie uma nova senha para sua conta. Depois, entre com ela.</p>
      </div>
      {/* method="post": sent before the script took over (a prerendered page, decision 0636), the password never goes into the address. */}
      <form method="post" noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Nova senha">
        <NewPasswordFields label="Nova senha" confirmLabel="Confirmar nova senha" bind={bind} errorOf={errorOf} />
        <Button type="submit" className="w-full" pending={reset.isPending}>
          Salvar nova senha
        </Button>
      </form>
    </div>
  );
}

/** A reset link that better-auth refused (?error=INVALID_TOKEN) or that has no token. */
export function InvalidResetLink({ onRequestNew, onBack }: { onRequestNew: () => void; onBack: () => void }) {
  const result = resetPasswordErrorMessage({ code: 'INVALID_TOKEN' });
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-slate-900">{result.title}</h1>
        <p className="text-sm text-slate-600">{result.description}</p>
      </div>
      <div className="grid gap-2">
        <Button type="button" className="w-full" onClick={onRequestNew}>
          Solicitar novo link
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
          Voltar ao login
        </Button>
      </div>
    </div>
  );
}
