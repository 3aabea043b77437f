import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { campaignKeys } from '../api/keys.ts';
import { confirmUnsubscribe, unsubscribeInfo } from '../api/unsubscribe.ts';

/** /descadastro/:token — no sign-in; opening it changes nothing (a link scanner's GET), the button unsubscribes at once. */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useQuery({ queryKey: campaignKeys.unsubscribe(token), queryFn: () => unsubscribeInfo(token), retry: false });
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await confirmUnsubscribe(token);
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível descadastrar. Tente novamente.');
    } finally {
      setPending(false);
    }
  }

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
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button onClick={confirm} pending={pending}>
              Confirmar descadastro
            </Button>
          </>
        )}
      </div>
    </FocusCard>
  );
}
