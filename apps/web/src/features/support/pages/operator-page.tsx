import { SUPPORT_CATEGORY_LABELS, SUPPORT_STATUS_LABELS, SUPPORT_STATUSES, type SupportStatus } from '@sede/shared/support/schemas';
import { ArrowLeft, Download, Inbox, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatFileSize } from '@sede/shared/platform/files';
import { useSupportMe } from '../api/get-support-me.ts';
import { supportKeys } from '../api/keys.ts';
import { operatorFileUrl, useOperatorTicket } from '../api/operator-get-ticket.ts';
import { useOperatorTickets } from '../api/operator-list-tickets.ts';
import { operatorReply, operatorSetStatus } from '../api/operator-reply.ts';
import { dateTime } from '@sede/shared/format';
import { TicketHeader, TicketSummary } from '../components/ticket-heading.tsx';
import { withToast } from '../../../lib/with-toast.ts';
import { TicketThread } from '../components/ticket-thread.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { useTicketAnswer } from '../api/ticket-cache.ts';

function OperatorTicket({ id }: { id: string }) {
  const ticket = useOperatorTicket(id);
  const after = useTicketAnswer(supportKeys.operatorTicket(id), supportKeys.operator);
  if (ticket.isPending) return <Spinner />;
  if (ticket.isError) return <p role="alert" className="text-sm text-red-700">{ticket.error.message}</p>;
  const t = ticket.data;
  return (
    <Card>
      <TicketHeader subject={t.subject} status={t.status}>
        {t.code} · {SUPPORT_CATEGORY_LABELS[t.category]} · {t.requester.name} ({t.requester.email}) · {t.companyName ?? 'sem empresa vinculada'}
      </TicketHeader>
      <CardContent className="grid gap-6">
        <TicketThread
          messages={t.messages}
          mine="support"
          replyLabel="Resposta ao cliente"
          onSend={(message) => withToast(async () => after(await operatorReply(id, message)), 'Resposta enviada.', 'Não foi possível enviar a resposta.')}
        />
        {t.attachments.length > 0 && (
          <section aria-label="Anexos" className="grid gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Anexos</h3>
            <ul className="grid gap-1">
              {t.attachments.map((a) => (
                <li key={a.id}>
                  <a className="inline-flex items-center gap-2 text-sm text-[var(--color-accent)] underline" href={operatorFileUrl(t.id, a.id)}>
                    <Download className="size-4" aria-hidden /> {a.name} ({formatFileSize(a.size)})
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-4">
          <div className="grid gap-1.5">
            <Label htmlFor="ticket-status">Situação do chamado</Label>
            <OptionSelect
              id="ticket-status"
              options={optionsOf(SUPPORT_STATUSES, SUPPORT_STATUS_LABELS)}
              value={t.status}
              onChange={(e) => withToast(async () => after(await operatorSetStatus(id, e.target.value as SupportStatus)), 'Situação atualizada.', 'Não foi possível atualizar.')}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** /suporte/operador: the platform's operators answer every ticket (decision 0280). */
export default function OperatorPage() {
  const me = useSupportMe();
  const [params, setParams] = useUrlParams();
  const open = params.get('chamado');
  const [status, setStatus] = useState<SupportStatus | ''>('aberto');
  const [q, setQ] = useState('');
  const list = useOperatorTickets({ status: status || undefined, q: q.trim() || undefined }, !!me.data?.operator);
  if (me.isPending) return <Spinner />;
  if (!me.data?.operator)
    return <EmptyState icon={Inbox} title="Página não encontrada" description="Esta página é da equipe de suporte do Sede." />;
  const select = (id: string | null) => setParams(id ? { chamado: id } : {});
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Atendimento do suporte</h1>
        <p className="mt-1 text-sm text-slate-600">Chamados de todas as empresas. Cada resposta avisa o cliente no sino e por e-mail.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <Card className={open ? 'hidden lg:block' : ''}>
          <CardContent className="grid gap-3 pt-6">
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
              <div className="relative">
                <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden />
                <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Assunto, e-mail ou empresa" aria-label="Buscar chamados" className="pl-9" />
              </div>
              <OptionSelect
                aria-label="Situação"
                options={optionsOf(SUPPORT_STATUSES, SUPPORT_STATUS_LABELS)}
                none="Todas as situações"
                value={status}
                onChange={(e) => setStatus(e.target.value as SupportStatus | '')}
              />
            </div>
            {list.isPending && <Spinner />}
            {list.data?.length === 0 && <p className="py-6 text-center text-sm text-slate-600">Nenhum chamado nesta situação.</p>}
            <ul className="grid divide-y divide-slate-200">
              {list.data?.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    aria-current={t.id === open ? 'true' : undefined}
                    onClick={() => select(t.id)}
                    className="grid w-full gap-1 px-2 py-3 text-left hover:bg-slate-50 aria-[current=true]:bg-[var(--color-accent-soft)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]"
                  >
                    <TicketSummary subject={t.subject} status={t.status} detail={`${t.companyName ?? t.requester.email} · ${dateTime(t.updatedAt)}`} truncate />
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <div className={open ? 'grid gap-3' : 'hidden lg:block'}>
          {open ? (
            <>
              <Button variant="link" className="w-fit lg:hidden" onClick={() => select(null)}>
                <ArrowLeft aria-hidden /> Voltar à lista
              </Button>
              <OperatorTicket id={open} />
            </>
          ) : (
            <EmptyState icon={Inbox} title="Escolha um chamado" description="Selecione um chamado na lista para ler a conversa, os anexos e responder." />
          )}
        </div>
      </div>
    </div>
  );
}
