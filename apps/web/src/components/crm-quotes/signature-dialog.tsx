import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { QuoteEnvelope, QuoteSignatureInput } from '@sede/shared/crm/quote-signature';
import type { Quote } from '@sede/shared/crm/quotes';
import { api } from '../../lib/api-client.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { Input, inputClass } from '../ui/input.tsx';
import { crmQuoteKeys } from './api.ts';

const sendForSignature = (id: string, input: QuoteSignatureInput) => api<QuoteEnvelope>(`/crm-quotes/quotes/${id}/signatures`, { method: 'POST', json: input });

/**
 * 'Enviar para assinatura' (decision 0591): the quote's PDF goes to the client to sign
 * electronically (code by e-mail, sealed PDF); when signed, the quote is accepted and, if chosen,
 * its deal is won. The signed PDF is kept with the quote.
 */
export function QuoteSignatureDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState(quote.personName ?? '');
  const [email, setEmail] = useState(quote.sentTo ?? '');
  const [cpf, setCpf] = useState('');
  const [message, setMessage] = useState('');
  const [winDeal, setWinDeal] = useState(true);
  const send = useMutation({
    mutationFn: () => sendForSignature(quote.id, { signers: [{ name, email, cpf: cpf || null, role: 'assinar' }], message: message || null, winDeal }),
    onSuccess: () => {
      toast.success(`Orçamento nº ${quote.number} enviado para assinatura: ${email} recebeu o link.`);
      void qc.invalidateQueries({ queryKey: crmQuoteKeys.all });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Assinatura do orçamento nº ${quote.number}`} description="O cliente recebe um link para ler o PDF, confirmar a identidade por um código no e-mail e assinar, sem precisar de conta. Sem custo.">
      <form onSubmit={submit} className="grid gap-3">
        <Field label="Nome de quem assina">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="off" />
        </Field>
        <Field label="E-mail de quem assina">
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="CPF (opcional)">
          <Input value={cpf} onChange={(e) => setCpf(e.target.value)} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field label="Mensagem (opcional)">
          <textarea className={`${inputClass} h-20`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} />
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={winDeal} onChange={(e) => setWinDeal(e.target.checked)} />
          <span>Quando o cliente assinar, marcar o negócio como ganho (o orçamento fica aceito de todo modo).</span>
        </label>
        {send.error && <FormAlert title="Não foi possível enviar">{send.error.message}</FormAlert>}
        <FormActions onCancel={onClose} submitLabel="Enviar para assinatura" pending={send.isPending} />
      </form>
    </Dialog>
  );
}
