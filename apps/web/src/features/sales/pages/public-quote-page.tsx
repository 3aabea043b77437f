import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatQuantity, QUOTE_STATUS_LABELS } from '@sede/shared/crm/quotes';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { day, money } from '@sede/shared/format';
import { salesKeys } from '../api/keys.ts';
import { answerPublicQuote, getPublicQuote, publicQuotePdfUrl } from '../api/public-quote.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

/** /orcamento?token=…: the client's view of a quote from the e-mail's signed link (no account, decision 0161). */
export default function PublicQuotePage() {
  const [params] = useUrlParams();
  const token = params.get('token') ?? '';
  const qc = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const quote = useQuery({ queryKey: salesKeys.publicQuote(token), queryFn: () => getPublicQuote(token), retry: false, enabled: Boolean(token) });
  const answer = useMutation({
    mutationFn: (a: 'aceito' | 'recusado') => answerPublicQuote(token, a, a === 'recusado' ? reason : undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: salesKeys.publicQuote(token) }),
  });
  const q = quote.data;
  return (
    <FocusCard wide>
      {!token && <FormAlert title="Link inválido">Abra o link completo que chegou no seu e-mail.</FormAlert>}
      {token && quote.isPending && <Spinner label="Carregando orçamento" />}
      {quote.isError && (
        <FormAlert title={quote.error instanceof ApiError && quote.error.status === 410 ? 'Link expirado' : 'Orçamento não encontrado'}>{quote.error.message}</FormAlert>
      )}
      {q && (
        <div className="grid gap-4">
          <div>
            <p className="text-sm text-slate-600">{q.companyName}</p>
            <h1 className="text-xl font-semibold text-slate-900">Orçamento nº {q.number}</h1>
            <p className="text-sm text-slate-700">
              Válido até {day(`${q.validUntil}T12:00:00`)} · Situação: <span className="font-medium">{QUOTE_STATUS_LABELS[q.status]}</span>
            </p>
          </div>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Itens do orçamento">
            {q.items.map((i) => (
              <li key={i.position} className="flex items-start justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{i.description}</p>
                  <p className="text-slate-600">
                    {formatQuantity(i.quantityMilli)} {i.unit} × {money(i.unitPriceCents)}
                    {i.discountCents ? ` − ${money(i.discountCents)}` : ''}
                  </p>
                </div>
                <p className="shrink-0 font-medium tabular-nums">{money(i.totalCents)}</p>
              </li>
            ))}
          </ul>
          <dl className="grid gap-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal</dt>
              <dd>{money(q.subtotalCents)}</dd>
            </div>
            {q.discountCents > 0 && (
              <div className="flex justify-between">
                <dt className="text-slate-600">Desconto</dt>
                <dd>− {money(q.discountCents)}</dd>
              </div>
            )}
            <div className="flex justify-between text-base font-semibold">
              <dt>Total</dt>
              <dd>{money(q.totalCents)}</dd>
            </div>
          </dl>
          {q.conditions && (
            <div className="text-sm">
              <h2 className="font-semibold text-slate-900">Condições de pagamento</h2>
              <p className="whitespace-pre-line text-slate-700">{q.conditions}</p>
            </div>
          )}
          <Button asChild variant="secondary" className="justify-self-start">
            <a href={publicQuotePdfUrl(token)} download>
              <Download aria-hidden /> Baixar PDF
            </a>
          </Button>
          {answer.error && <FormAlert title="Não foi possível registrar a resposta">{answer.error.message}</FormAlert>}
          {q.status === 'aceito' && <FormAlert tone="success" title="Orçamento aceito">Obrigado! A equipe de {q.companyName} foi avisada.</FormAlert>}
          {q.status === 'recusado' && <FormAlert tone="success" title="Resposta registrada">O orçamento foi recusado. Obrigado pelo retorno.</FormAlert>}
          {q.status === 'expirado' && <FormAlert title="Orçamento expirado">A validade deste orçamento já passou. Peça uma nova proposta a {q.companyName}.</FormAlert>}
          {(q.status === 'enviado' || q.status === 'rascunho') &&
            (refusing ? (
              <form
                className="grid gap-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  answer.mutate('recusado');
                }}
              >
                <Field label="Motivo (opcional)">
                  <textarea className={`${inputClass} h-20`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
                </Field>
                <div className="flex flex-col-reverse gap-2 sm:flex-row">
                  <Button type="button" variant="secondary" onClick={() => setRefusing(false)}>
                    Voltar
                  </Button>
                  <Button type="submit" variant="destructive" pending={answer.isPending}>
                    Confirmar recusa
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button onClick={() => answer.mutate('aceito')} pending={answer.isPending}>
                  Aceitar orçamento
                </Button>
                <Button variant="secondary" onClick={() => setRefusing(true)}>
                  Recusar
                </Button>
              </div>
            ))}
        </div>
      )}
    </FocusCard>
  );
}
