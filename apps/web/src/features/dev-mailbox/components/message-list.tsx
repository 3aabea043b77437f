import { Inbox } from 'lucide-react';
import { dateTime } from '@sede/shared/format';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import type { MailMessage } from '../api/list-messages.ts';

export function MessageList({ messages, onOpen }: { messages: MailMessage[]; onOpen: (id: string) => void }) {
  if (!messages.length) {
    return (
      <EmptyState
        icon={Inbox}
        title="Nenhum e-mail por aqui"
        description="Os e-mails que o Sede enviar (confirmação de conta, redefinição de senha, convites) aparecem nesta lista."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-[var(--radius-ui)] border border-slate-200" aria-label="E-mails enviados">
      {messages.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => onOpen(m.id)}
            className="grid w-full gap-0.5 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-[var(--color-accent)]"
          >
            <span className="font-medium text-slate-900">{m.subject}</span>
            <span className="flex flex-wrap justify-between gap-x-3 text-sm text-slate-600">
              <span className="min-w-0 break-all">{m.to}</span>
              <time dateTime={m.sentAt} className="shrink-0">{dateTime(m.sentAt)}</time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
