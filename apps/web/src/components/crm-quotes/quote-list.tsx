import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Download, FileSignature, FileText, Mail, Pencil, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import type { Quote } from '@sede/shared/crm/quotes';
import { day, money } from '@sede/shared/format';
import { FormAlert } from '../form/form-alert.tsx';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { type DataColumn, DataList, type DataListStates } from '../ui/data-list.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Input, inputClass } from '../ui/input.tsx';
import { answerQuote, crmQuoteKeys, deleteQuote, quotePdfUrl, sendQuote } from './api.ts';
import { QuoteDialog } from './quote-dialog.tsx';
import { QuoteStatusBadge } from './quote-status-badge.tsx';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { QuoteSignatureDialog } from './signature-dialog.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { useQuoteAction } from './use-quote-action.ts';

const READY = { isPending: false, isError: false, error: null };
const STATES: DataListStates = {
  icon: FileText,
  loading: 'Carregando orçamentos…',
  failed: 'Não foi possível carregar os orçamentos',
  empty: { title: 'Nenhum orçamento ainda', description: 'Monte orçamentos para os negócios do funil, com itens do catálogo, descontos e validade; envie o PDF por e-mail e acompanhe quem aceitou.' },
  noMatch: 'Nenhum orçamento.',
};
const open = (q: Quote) => q.status === 'rascunho' || q.status === 'enviado';

/**
 * Quotes as a table where there is room and cards where there is not (a deal's side panel), each with its PDF, edit, send,
 * accept/refuse and delete (decision 0160). `showDeal` adds the deal's title (the Orçamentos tab).
 */
export function QuoteList({
  quotes,
  showDeal = false,
  query = READY,
  states = STATES,
  filtered = false,
  extraActions,
}: {
  quotes: Quote[];
  showDeal?: boolean;
  /** The list's query and states, when the list shows them itself (the Orçamentos tab). */
  query?: { isPending: boolean; isError: boolean; error: unknown };
  states?: DataListStates;
  filtered?: boolean;
  /** More actions of a quote from another area (Financeiro's 'Cobrar' and 'Emitir nota' on an accepted one, decision 0546). */
  extraActions?: (quote: Quote) => ReactNode;
}) {
  const [editing, setEditing] = useState<Quote | null>(null);
  const [sending, setSending] = useState<Quote | null>(null);
  const [refusing, setRefusing] = useState<Quote | null>(null);
  const [signing, setSigning] = useState<Quote | null>(null);
  const canSign = can(grantsFor(useAuth().membership), 'sales.write');
  const qc = useQueryClient();
  const confirm = useConfirm();
  const refresh = () => qc.invalidateQueries({ queryKey: crmQuoteKeys.all });
  const accept = useMutation({
    mutationFn: (q: Quote) => answerQuote(q.id, 'aceito'),
    onSuccess: (q) => {
      toast.success(`Orçamento nº ${q.number} aceito. O negócio foi marcado como ganho.`);
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const remove = useMutation({
    mutationFn: (q: Quote) => deleteQuote(q.id),
    onSuccess: () => {
      toast.success('Orçamento excluído.');
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  const actions = (q: Quote) => (
    <div className="flex flex-wrap gap-1">
      <Button asChild variant="ghost" size="sm">
        <a href={quotePdfUrl(q.id)} download aria-label={`Baixar PDF do orçamento nº ${q.number}`}>
          <Download aria-hidden /> PDF
        </a>
      </Button>
      {open(q) && (
        <>
          <Button variant="ghost" size="sm" onClick={() => setEditing(q)} aria-label={`Editar orçamento nº ${q.number}`}>
            <Pencil aria-hidden /> Editar
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSending(q)} aria-label={`Enviar orçamento nº ${q.number} por e-mail`}>
            <Mail aria-hidden /> Enviar
          </Button>
          {canSign && (
            <Button variant="ghost" size="sm" onClick={() => setSigning(q)} aria-label={`Enviar orçamento nº ${q.number} para assinatura`}>
              <FileSignature aria-hidden /> Assinatura
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              if (await confirm.ask({ title: `Marcar o orçamento nº ${q.number} como aceito?`, description: 'O negócio será marcado como ganho com o valor do orçamento.', confirmLabel: 'Marcar como aceito' })) accept.mutate(q);
            }}
            aria-label={`Marcar orçamento nº ${q.number} como aceito`}>
            <Check aria-hidden /> Aceito
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setRefusing(q)} aria-label={`Marcar orçamento nº ${q.number} como recusado`}>
            <X aria-hidden /> Recusado
          </Button>
        </>
      )}
      {extraActions?.(q)}
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Excluir orçamento nº ${q.number}`}
        onClick={async () => {
          if (await confirm.ask({ title: `Excluir o orçamento nº ${q.number}?`, description: 'Esta ação não pode ser desfeita.', confirmLabel: 'Excluir', destructive: true })) remove.mutate(q);
        }}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );

  const columns: DataColumn<Quote>[] = [
    { id: 'number', header: 'Orçamento', card: 'title', className: 'whitespace-nowrap', cell: (q) => <span className="font-medium">Orçamento nº {q.number}</span> },
    ...(showDeal ? [{ id: 'deal', header: 'Negócio', card: 'subtitle', className: 'max-w-56 truncate', cell: (q) => q.dealTitle } satisfies DataColumn<Quote>] : []),
    { id: 'status', header: 'Situação', card: 'badge', cell: (q) => <QuoteStatusBadge status={q.status} /> },
    { id: 'total', header: 'Total', align: 'right', cell: (q) => money(q.totalCents) },
    { id: 'validUntil', header: 'Validade', cell: (q) => day(q.validUntil) },
    { id: 'actions', header: 'Ações', card: 'subtitle', cell: actions },
  ];

  return (
    <>
      <DataList label="Orçamentos" rows={quotes} rowId={(q) => q.id} columns={columns} query={query} states={states} filtered={filtered} fitTo="container" />
      {editing && <QuoteDialog open onOpenChange={(o) => !o && setEditing(null)} quote={editing} />}
      {confirm.dialog}
      {sending && <SendDialog quote={sending} onClose={() => setSending(null)} />}
      {refusing && <RefuseDialog quote={refusing} onClose={() => setRefusing(null)} />}
      {signing && <QuoteSignatureDialog quote={signing} onClose={() => setSigning(null)} />}
    </>
  );
}

function SendDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const [to, setTo] = useState(quote.sentTo ?? '');
  const [message, setMessage] = useState('');
  const { action: send, submit } = useQuoteAction(
    () => sendQuote(quote.id, { to: to.trim() || undefined, message }),
    (q) => `Orçamento nº ${q.number} enviado para ${q.sentTo}.`,
    onClose,
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Enviar orçamento nº ${quote.number}`} description="O cliente recebe o PDF em anexo e um link para aceitar ou recusar, sem precisar de conta.">
      <form onSubmit={submit} className="grid gap-3">
        <Field label="E-mail do cliente" hint={quote.personName ? `Em branco: o e-mail de ${quote.personName}.` : undefined}>
          <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Mensagem (opcional)">
          <textarea className={`${inputClass} h-20`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} />
        </Field>
        {send.error && <FormAlert title="Não foi possível enviar">{send.error.message}</FormAlert>}
        <FormActions onCancel={onClose} submitLabel="Enviar" pending={send.isPending} />
      </form>
    </Dialog>
  );
}

function RefuseDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { action: refuse, submit } = useQuoteAction(() => answerQuote(quote.id, 'recusado', reason), () => `Orçamento nº ${quote.number} marcado como recusado.`, onClose);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Orçamento nº ${quote.number} recusado`}>
      <form className="grid gap-3" onSubmit={submit}>
        <Field label="Motivo (opcional)">
          <textarea className={`${inputClass} h-20`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
        </Field>
        {refuse.error && <FormAlert title="Não foi possível registrar">{refuse.error.message}</FormAlert>}
        <FormActions onCancel={onClose} submitLabel="Marcar como recusado" submitVariant="destructive" pending={refuse.isPending} />
      </form>
    </Dialog>
  );
}
