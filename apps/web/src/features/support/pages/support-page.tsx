import { SUPPORT_CATEGORY_LABELS } from '@sede/shared/support/schemas';
import { ArrowLeft, CheckCircle2, Inbox, LifeBuoy, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { addMessage } from '../api/add-message.ts';
import { useSupportMe } from '../api/get-support-me.ts';
import { useTicket } from '../api/get-ticket.ts';
import { supportKeys } from '../api/keys.ts';
import { useTickets } from '../api/list-tickets.ts';
import { resolveTicket } from '../api/resolve-ticket.ts';
import { Faq } from '../components/faq.tsx';
import { NewTicketForm } from '../components/new-ticket-form.tsx';
import { dateTime } from '@sede/shared/format';
import { TicketHeader, TicketSummary } from '../components/ticket-heading.tsx';
import { withToast } from '../../../lib/with-toast.ts';
import { TicketThread } from '../components/ticket-thread.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { useTicketAnswer } from '../api/ticket-cache.ts';

const FALLBACK_EMAIL = 'suporte@sede.app';

function TicketPage({ id, onBack }: { id: string; onBack: () => void }) {
  const ticket = useTicket(id);
  const refresh = useTicketAnswer(supportKeys.ticket(id), supportKeys.tickets);
  if (ticket.isPending) return <Spinner />;
  if (ticket.isError)
    return (
      <Card>
        <CardContent className="grid gap-3 py-6">
          <p role="alert" className="text-sm text-red-700">{ticket.error.message}</p>
          <Button variant="secondary" className="w-fit" onClick={onBack}>
            <ArrowLeft aria-hidden /> Voltar aos chamados
          </Button>
        </CardContent>
      </Card>
    );
  const t = ticket.data;
  return (
    <div className="grid gap-4">
      <Button variant="link" className="w-fit" onClick={onBack}>
        <ArrowLeft aria-hidden /> Voltar aos chamados
      </Button>
      <Card>
        <TicketHeader subject={t.subject} status={t.status}>
          Chamado {t.code} · {SUPPORT_CATEGORY_LABELS[t.category]} · aberto em {dateTime(t.createdAt)}
        </TicketHeader>
        <CardContent className="grid gap-6">
          <TicketThread
            messages={t.messages}
            mine="person"
            replyLabel={t.status === 'resolvido' ? 'Escrever de novo (reabre o chamado)' : 'Sua mensagem'}
            onSend={(message) => withToast(async () => refresh(await addMessage(id, message)), 'Mensagem enviada ao suporte.', 'Não foi possível enviar a mensagem.')}
          />
          {t.hasCompany && <FileManager entityType="support_ticket" entityId={t.id} title="Anexos" emptyText="Nenhum anexo. Envie capturas de tela ou documentos que ajudem o suporte." />}
          {t.status !== 'resolvido' && (
            <div className="flex justify-end border-t border-slate-200 pt-4">
              <Button
                variant="secondary"
                onClick={() => withToast(async () => refresh(await resolveTicket(id)), 'Chamado marcado como resolvido.', 'Não foi possível atualizar o chamado.')}
              >
                <CheckCircle2 aria-hidden /> Marcar como resolvido
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default function SupportPage() {
  const { company } = useAuth();
  const [params, setParams] = useUrlParams();
  const open = params.get('chamado');
  const tickets = useTickets();
  const me = useSupportMe();
  const show = (id: string | null) => setParams(id ? { chamado: id } : {});
  if (open) return <TicketPage id={open} onBack={() => show(null)} />;
  const email = me.data?.supportEmail ?? FALLBACK_EMAIL;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <LifeBuoy className="size-6" aria-hidden /> Suporte
          </h1>
          <p className="mt-1 text-sm text-slate-600">Abra um chamado e acompanhe as respostas da nossa equipe aqui e por e-mail.</p>
        </div>
        {me.data?.operator && (
          <Button asChild variant="secondary">
            <Link to="/suporte/operador">
              <Inbox aria-hidden /> Atender chamados
            </Link>
          </Button>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>Abrir um chamado</CardTitle>
            <CardDescription>Respondemos em até um dia útil, de segunda a sexta, das 9h às 18h (horário de Brasília).</CardDescription>
          </CardHeader>
          <CardContent>
            <NewTicketForm canAttach={!!company} onOpened={show} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Meus chamados</CardTitle>
          </CardHeader>
          <CardContent>
            {tickets.isPending && <Spinner />}
            {tickets.isError && <p role="alert" className="text-sm text-red-700">Não foi possível carregar seus chamados. {tickets.error.message}</p>}
            {tickets.data?.length === 0 && (
              <EmptyState icon={Inbox} title="Nenhum chamado ainda" description="Quando você abrir um chamado, ele aparece aqui com a situação e as respostas do suporte." />
            )}
            {!!tickets.data?.length && (
              <ul className="grid divide-y divide-slate-200">
                {tickets.data.map((t) => (
                  <li key={t.id}>
                    <button type="button" onClick={() => show(t.id)} className="grid w-full gap-1 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]">
                      <TicketSummary subject={t.subject} status={t.status} detail={`${t.code} · ${SUPPORT_CATEGORY_LABELS[t.category]} · atualizado em ${dateTime(t.updatedAt)}`} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Perguntas frequentes</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Faq />
          <p className="text-sm text-slate-700">
            <Mail className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
            Prefere e-mail? Escreva para{' '}
            <a className="font-medium break-all text-[var(--color-accent)] underline" href={`mailto:${email}`}>
              {email}
            </a>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
