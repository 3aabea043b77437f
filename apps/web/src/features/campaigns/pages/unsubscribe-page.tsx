import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { FormError } from '../../../components/ui/form-actions.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { campaignKeys } from '../api/keys.ts';
import { confirmUnsubscribe, unsubscribeInfo } from '../api/unsubscribe.ts';

/** /descadastro/:token — no sign-in; opening it changes nothing (a link scanner's GET), the button unsubscribes at once. */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useQuery({ queryKey: campaignKeys.unsubscribe(token), queryFn: () => unsubscribeInfo(token), retry: false });
  const [done, setDone] = useState(false);
  const confirm = useSubmit(async () => {
    await confirmUnsubscribe(token);
    setDone(true);
  }, 'Não foi possível descadastrar. Tente novamente.');

  return (
    <FocusCard>
      <div className="grid gap-4">
        <h1 className="text-xl font-semibold text-slate-900">Descadastrar e-mails</h1>
        {info.isPending ? (
          <p className="text-sm text-slate-600">Carregando…</p>
        ) : info.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Este link é inválido ou expirou.
          </p>
        ) : done || info.data.unsubscribed ? (
          <p role="status" className="text-sm text-slate-800">
            Pronto: <strong>{info.data.email}</strong> não vai mais receber e-mails de campanha de <strong>{info.data.company}</strong>.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Deseja parar de receber e-mails de campanha de <strong>{info.data.company}</strong> no endereço <strong>{info.data.email}</strong>?
            </p>
            <FormError error={confirm.error} />
            <Button onClick={() => void confirm.submit()} pending={confirm.pending}>
              Confirmar descadastro
            </Button>
          </>
        )}
      </div>
    </FocusCard>
  );
}
