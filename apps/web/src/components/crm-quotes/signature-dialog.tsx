import { useState } from 'react';
import type { QuoteEnvelope, QuoteSignatureInput } from '@sede/shared/crm/quote-signature';
import { SIGNING_ORDER_LABELS, type SigningOrder } from '@sede/shared/esign/schemas';
import type { Quote } from '@sede/shared/crm/quotes';
import { api } from '../../lib/api-client.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { emptySigner, type SignerDraft, SignersEditor } from '../esign/signers-editor.tsx';
import { Field } from '../ui/field.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { inputClass } from '../ui/input.tsx';
import { ScrollDialog } from '../ui/scroll-dialog.tsx';
import { SegmentedControl } from '../ui/segmented-control.tsx';
import { useQuoteAction } from './use-quote-action.ts';

const sendForSignature = (id: string, input: QuoteSignatureInput) => api<QuoteEnvelope>(`/crm-quotes/quotes/${id}/signatures`, { method: 'POST', json: input });

/**
 * 'Enviar para assinatura' (decision 0591): the quote's PDF goes to the client to sign
 * electronically (code by e-mail, sealed PDF); when everyone signed, the quote is accepted and, if
 * chosen, its deal is won. The signed PDF is kept with the quote. Several signers (the client, a
 * partner who approves, witnesses), in order or all at once, as any envelope (decision 0622).
 */
export function QuoteSignatureDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const [signers, setSigners] = useState<SignerDraft[]>(() => [{ ...emptySigner(), name: quote.personName ?? '', email: quote.sentTo ?? '' }]);
  const [order, setOrder] = useState<SigningOrder>('sequencial');
  const [message, setMessage] = useState('');
  const [winDeal, setWinDeal] = useState(true);
  const { action: send, submit } = useQuoteAction(
    () => sendForSignature(quote.id, { signers: signers.map((s) => ({ name: s.name, email: s.email, cpf: s.cpf || null, role: s.role })), signingOrder: order, message: message || null, winDeal }),
    () => {
      const first = signers[0]?.email ?? '';
      return `Orçamento nº ${quote.number} enviado para assinatura: ${signers.length === 1 || order === 'sequencial' ? `${first} recebeu o link` : `${signers.length} pessoas receberam o link`}.`;
    },
    onClose,
  );
  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title={`Assinatura do orçamento nº ${quote.number}`} description="Cada pessoa recebe um link para ler o PDF, confirmar a identidade por um código no e-mail e assinar, sem precisar de conta. Sem custo." wide>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <SignersEditor signers={signers} onChange={setSigners} />
        {signers.length > 1 && (
          <div className="grid gap-1.5">
            <span className="text-sm font-medium text-slate-900">Ordem das assinaturas</span>
            <SegmentedControl label="Ordem das assinaturas" options={[['sequencial', SIGNING_ORDER_LABELS.sequencial], ['simultanea', SIGNING_ORDER_LABELS.simultanea]]} value={order} onChange={setOrder} />
          </div>
        )}
        <Field label="Mensagem (opcional)">
          <textarea className={`${inputClass} h-20`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} />
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={winDeal} onChange={(e) => setWinDeal(e.target.checked)} />
          <span>Quando todos assinarem, marcar o negócio como ganho (o orçamento fica aceito de todo modo).</span>
        </label>
        {send.error && <FormAlert title="Não foi possível enviar">{send.error.message}</FormAlert>}
        <FormActions onCancel={onClose} submitLabel="Enviar para assinatura" pending={send.isPending} />
      </form>
    </ScrollDialog>
  );
}
