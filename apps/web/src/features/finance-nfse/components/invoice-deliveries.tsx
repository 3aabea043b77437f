import { useQueryClient } from '@tanstack/react-query';
import { NFSE_DELIVERY_MESSAGES } from '@sede/shared/finance/nfse';
import { dateTime } from '@sede/shared/format';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { resendInvoice, useDeliveries } from '../api/deliveries.ts';
import { nfseKeys } from '../api/keys.ts';

function ResendDialog({ entryId, suggested, open, onClose }: { entryId: string; suggested: string; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [to, setTo] = useState(suggested);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation(); // not the receivable's form around it (React bubbles through the portal)
    setPending(true);
    setError(null);
    try {
      const answer = await resendInvoice(entryId, to.trim() || undefined);
      queryClient.setQueryData(nfseKeys.deliveries(entryId), answer);
      toast.success(`Nota enviada para ${answer.deliveries[0]?.sentTo ?? 'o cliente'}.`);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : NFSE_DELIVERY_MESSAGES.failed);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Reenviar nota fiscal" description="O DANFSe (PDF) e o XML vão anexados ao e-mail.">
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <Field label="E-mail do cliente" hint="Em branco: o e-mail do cadastro do cliente.">
          <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} maxLength={254} autoComplete="off" />
        </Field>
        <FormActions error={error} onCancel={onClose} submitLabel="Enviar" pending={pending} stacked />
      </form>
    </Dialog>
  );
}

/** Where the authorised note went (decision 0545): each sending, when and to whom, and 'Reenviar'. */
export function InvoiceDeliveries({ entryId, live, mayWrite }: { entryId: string; live: boolean; mayWrite: boolean }) {
  const { data } = useDeliveries(entryId);
  const [resending, setResending] = useState(false);
  const deliveries = data?.deliveries ?? [];
  const last = deliveries[0];
  return (
    <div className="grid gap-1.5 border-t border-slate-100 pt-2 text-sm" data-testid="nfse-deliveries">
      {deliveries.length === 0 ? (
        <p className="text-slate-600">Ainda não enviada ao cliente.</p>
      ) : (
        <ul className="grid gap-1">
          {deliveries.slice(0, 5).map((d) => (
            <li key={d.id} className={d.status === 'sent' ? 'text-slate-700' : 'text-red-800'}>
              <Mail aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
              {d.status === 'sent' ? `Enviada para ${d.sentTo} em ${dateTime(d.createdAt)}` : `Não enviada em ${dateTime(d.createdAt)}: ${d.error}`}
              {d.sentByName ? ` · por ${d.sentByName}` : d.status === 'sent' ? ' · automaticamente' : ''}
            </li>
          ))}
        </ul>
      )}
      {live && mayWrite && (
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={() => setResending(true)}>
            <Mail aria-hidden /> Reenviar
          </Button>
        </div>
      )}
      {resending && <ResendDialog entryId={entryId} suggested={last?.sentTo ?? ''} open onClose={() => setResending(false)} />}
    </div>
  );
}
