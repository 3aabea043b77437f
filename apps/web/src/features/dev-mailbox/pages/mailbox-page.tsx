import { Info, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAppConfig } from '../../../lib/session/get-config.ts';
import { useMessages } from '../api/list-messages.ts';
import { MessageList } from '../components/message-list.tsx';
import { MessageView } from '../components/message-view.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/** /dev/mailbox: every e-mail the app sent while no SMTP server is configured. */
export default function MailboxPage() {
  const [params, setParams] = useUrlParams();
  const to = params.get('to') ?? '';
  const openId = params.get('id');
  const [filter, setFilter] = useState(to);
  const config = useAppConfig();
  const enabled = config.data?.devMailbox === true;
  const messages = useMessages(to, enabled);

  const update = (changes: Record<string, string | null>) => {
    setParams((next) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  };
  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    update({ to: filter.trim().toLowerCase() || null, id: null });
  };

  return (
    <FocusCard wide>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold text-slate-900">Caixa de e-mails de desenvolvimento</h1>
          <p className="text-sm text-slate-600">Os e-mails que o Sede enviou neste ambiente, do mais novo para o mais antigo.</p>
        </div>
        {config.isPending && <Spinner label="Carregando..." />}
        {config.data && !enabled && (
          <div role="status" className="flex gap-3 rounded-[var(--radius-ui)] border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>A caixa de e-mails de desenvolvimento não está disponível neste servidor. Ela só existe em ambientes locais, sem servidor de e-mail (SMTP) configurado.</p>
          </div>
        )}
        {enabled && openId && <MessageView id={openId} onBack={() => update({ id: null })} />}
        {enabled && !openId && (
          <>
            <search>
            <form onSubmit={applyFilter} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex-1">
                <Field label="Destinatário">
                  <Input type="search" inputMode="email" placeholder="todos os destinatários" value={filter} onChange={(e) => setFilter(e.target.value)} />
                </Field>
              </div>
              <div className="flex gap-2">
                <Button type="submit" variant="secondary">Filtrar</Button>
                <Button type="button" variant="ghost" onClick={() => void messages.refetch()}>
                  <RefreshCw aria-hidden />
                  Atualizar
                </Button>
              </div>
            </form>
            </search>
            {messages.isPending && <Spinner label="Carregando e-mails..." />}
            {messages.isError && <p role="alert" className="text-sm text-red-700">{messages.error.message}</p>}
            {messages.data && <MessageList messages={messages.data} onOpen={(id) => update({ id })} />}
          </>
        )}
      </div>
    </FocusCard>
  );
}
