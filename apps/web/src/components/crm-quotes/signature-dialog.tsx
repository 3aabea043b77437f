import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { QuoteEnvelope, QuoteEnvelopeDraft, QuoteSignatureInput } from '@sede/shared/crm/quote-signature';
import type { FieldInput, FieldView } from '@sede/shared/esign/fields';
import { actsOnEnvelope, SIGNING_ORDER_LABELS, type SigningOrder } from '@sede/shared/esign/schemas';
import type { Quote } from '@sede/shared/crm/quotes';
import { api } from '../../lib/api-client.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { emptySigner, type SignerDraft, SignersEditor } from '../esign/signers-editor.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { inputClass } from '../ui/input.tsx';
import { ScrollDialog } from '../ui/scroll-dialog.tsx';
import { SegmentedControl } from '../ui/segmented-control.tsx';
import { crmQuoteKeys } from './api.ts';
import { useQuoteAction } from './use-quote-action.ts';

/** Jurídico's field editor (pdf.js, dnd-kit): a chunk of its own, loaded only when the salesperson places fields (decision 0760). */
const FieldEditor = lazy(() => import('../esign/field-editor.tsx'));

const signaturesPath = (quoteId: string) => `/crm-quotes/quotes/${quoteId}/signatures`;
const startSignature = (id: string, input: QuoteSignatureInput) => api<QuoteEnvelope>(signaturesPath(id), { method: 'POST', json: input });
const signatureKeys = {
  list: (quoteId: string) => [...crmQuoteKeys.all, 'signatures', quoteId] as const,
  draft: (envelopeId: string) => [...crmQuoteKeys.all, 'signature', envelopeId] as const,
};
const sentSaid = (quote: Quote, signers: { email: string }[], order: SigningOrder) =>
  `Orçamento nº ${quote.number} enviado para assinatura: ${signers.length === 1 || order === 'sequencial' ? `${signers[0]?.email ?? ''} recebeu o link` : `${signers.length} pessoas receberam o link`}.`;

/**
 * 'Enviar para assinatura' (decision 0591): the quote's PDF goes to the client to sign
 * electronically (code by e-mail, sealed PDF); when everyone signed, the quote is accepted and, if
 * chosen, its deal is won. The signed PDF is kept with the quote. Several signers (the client, a
 * partner who approves, witnesses), in order or all at once, as any envelope (decision 0622).
 * 'Posicionar campos antes de enviar' (decision 0760) keeps the envelope a draft and opens
 * Jurídico's field editor on it; 'Enviar para assinatura' there sends it.
 */
export function QuoteSignatureDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const [draftId, setDraftId] = useState<string | null>(null);
  if (draftId) return <QuoteFieldsStep quote={quote} envelopeId={draftId} onClose={onClose} />;
  return <QuoteSignatureForm quote={quote} onClose={onClose} onDraft={setDraftId} />;
}

function QuoteSignatureForm({ quote, onClose, onDraft }: { quote: Quote; onClose: () => void; onDraft: (envelopeId: string) => void }) {
  const [signers, setSigners] = useState<SignerDraft[]>(() => [{ ...emptySigner(), name: quote.personName ?? '', email: quote.sentTo ?? '' }]);
  const [order, setOrder] = useState<SigningOrder>('sequencial');
  const [message, setMessage] = useState('');
  const [winDeal, setWinDeal] = useState(true);
  const [placeFields, setPlaceFields] = useState(false);
  // A draft left by an earlier visit: the salesperson goes on with it, or a new one replaces it.
  const envelopes = useQuery({ queryKey: signatureKeys.list(quote.id), queryFn: () => api<{ envelopes: QuoteEnvelope[] }>(signaturesPath(quote.id)) });
  const earlier = envelopes.data?.envelopes.find((e) => e.status === 'rascunho');
  const input = (draft: boolean): QuoteSignatureInput => ({ signers: signers.map((s) => ({ name: s.name, email: s.email, cpf: s.cpf || null, role: s.role })), signingOrder: order, message: message || null, winDeal, draft });
  const { action: send, submit: submitSend } = useQuoteAction(() => startSignature(quote.id, input(false)), () => sentSaid(quote, signers, order), onClose);
  const qc = useQueryClient();
  const draft = useMutation({
    mutationFn: () => startSignature(quote.id, input(true)),
    onSuccess: (e) => {
      void qc.invalidateQueries({ queryKey: signatureKeys.list(quote.id) });
      onDraft(e.id);
    },
  });
  const failed = send.error ?? draft.error;
  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title={`Assinatura do orçamento nº ${quote.number}`} description="Cada pessoa recebe um link para ler o PDF, confirmar a identidade por um código no e-mail e assinar, sem precisar de conta. Sem custo." wide>
      <form
        onSubmit={(e) => {
          if (!placeFields) return submitSend(e);
          e.preventDefault();
          draft.mutate();
        }}
        className="grid gap-3"
        noValidate
      >
        {earlier && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="quote-signature-draft">
            <span>Há um rascunho deste orçamento ainda não enviado. Continue nele, ou preencha abaixo para começar outro (o rascunho é descartado).</span>
            <Button type="button" size="sm" variant="secondary" onClick={() => onDraft(earlier.id)}>
              Continuar o rascunho
            </Button>
          </div>
        )}
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
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={placeFields} onChange={(e) => setPlaceFields(e.target.checked)} />
          <span>
            Posicionar campos antes de enviar
            <span className="block text-slate-600">Assinatura, rubrica, nome, CPF, data, texto ou caixa de seleção nas páginas do orçamento, para cada pessoa. Nada é enviado até você confirmar.</span>
          </span>
        </label>
        {failed && <FormAlert title={placeFields ? 'Não foi possível preparar o envelope' : 'Não foi possível enviar'}>{failed.message}</FormAlert>}
        <FormActions onCancel={onClose} submitLabel={placeFields ? 'Continuar para os campos' : 'Enviar para assinatura'} pending={send.isPending || draft.isPending} />
      </form>
    </ScrollDialog>
  );
}

/** The draft's fields, in Jurídico's editor (the same component), then 'Enviar para assinatura'; closing keeps the draft for later. */
function QuoteFieldsStep({ quote, envelopeId, onClose }: { quote: Quote; envelopeId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const path = `${signaturesPath(quote.id)}/${envelopeId}`;
  const draft = useQuery({ queryKey: signatureKeys.draft(envelopeId), queryFn: () => api<QuoteEnvelopeDraft>(path) });
  const [dirty, setDirty] = useState(false);
  const acting = draft.data?.signers.filter((s) => actsOnEnvelope(s.role)) ?? [];
  const { action: send, submit } = useQuoteAction(() => api<QuoteEnvelope>(`${path}/send`, { method: 'POST' }), () => sentSaid(quote, acting, draft.data?.signingOrder ?? 'sequencial'), onClose);
  const save = (fields: FieldInput[]) => api<{ fields: FieldView[] }>(`${path}/fields`, { method: 'PUT', json: { fields } });
  return (
    <ScrollDialog open onOpenChange={(o) => !o && onClose()} title={`Campos do orçamento nº ${quote.number}`} description="Escolha a pessoa, arraste cada campo para onde ela assina ou preenche e salve. Depois, envie: cada pessoa recebe o link por e-mail." wide="xl" testId="quote-fields-dialog">
      {/* Above the pages, not after them: the send stays in reach however long the quote. */}
      <form onSubmit={submit} className="grid gap-2 border-b border-slate-200 pb-3 sm:flex sm:items-center sm:justify-between" noValidate>
        <p className="text-sm text-slate-600" aria-live="polite">
          {dirty ? 'Salve os campos antes de enviar.' : 'Fechar sem enviar guarda o rascunho: abra a assinatura do orçamento de novo para continuar.'}
        </p>
        <div className="shrink-0">
          <FormActions onCancel={onClose} submitLabel="Enviar para assinatura" pending={send.isPending} disabled={dirty || !draft.data} />
        </div>
      </form>
      {send.error && <FormAlert title="Não foi possível enviar">{send.error.message}</FormAlert>}
      {draft.isPending && <p role="status" className="text-sm text-slate-600">Carregando o envelope…</p>}
      {draft.error && <FormAlert title="Não foi possível abrir o envelope">{draft.error.message}</FormAlert>}
      {draft.data && (
        <Suspense fallback={<p role="status" className="text-sm text-slate-600">Carregando o editor de campos…</p>}>
          <FieldEditor
            key={envelopeId}
            title={draft.data.title}
            documentUrl={`/api${path}/document`}
            pages={draft.data.documentPages ?? 1}
            people={acting.map((s) => ({ id: s.id, name: s.name, short: s.name.split(' ')[0] ?? s.name }))}
            fields={draft.data.fields}
            save={save}
            onSaved={() => void qc.invalidateQueries({ queryKey: signatureKeys.draft(envelopeId) })}
            onDirtyChange={setDirty}
          />
        </Suspense>
      )}
    </ScrollDialog>
  );
}
