import { SUPPORT_LIMITS, type SupportMessageView } from '@sede/shared/support/schemas';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { dateTime } from '@sede/shared/format';

type Props = {
  messages: SupportMessageView[];
  /** Whose side is 'mine' (drawn on the right): the person's own messages, or the support's for an operator. */
  mine: 'person' | 'support';
  replyLabel: string;
  onSend: (message: string) => Promise<boolean>;
};

/** A ticket's conversation and the box to write the next message. */
export function TicketThread({ messages, mine, replyLabel, onSend }: Props) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setPending(true);
    const sent = await onSend(text.trim());
    setPending(false);
    if (sent) setText('');
  };
  return (
    <div className="grid gap-4">
      <ol className="grid gap-3" aria-label="Mensagens do chamado">
        {messages.map((m) => {
          const own = (mine === 'support') === m.fromSupport;
          return (
            <li key={m.id} className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
              <div className={`max-w-[85%] rounded-xl border px-4 py-3 text-sm ${m.fromSupport ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white'}`}>
                <p className="mb-1 text-xs font-medium text-slate-600">
                  {m.authorName} · <time dateTime={m.createdAt}>{dateTime(m.createdAt)}</time>
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <form onSubmit={submit} className="grid gap-2">
        <Label htmlFor={id}>{replyLabel}</Label>
        <textarea id={id} className={`${inputClass} h-28`} value={text} maxLength={SUPPORT_LIMITS.message} onChange={(e) => setText(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" pending={pending} disabled={!text.trim()}>
            <Send aria-hidden /> Enviar
          </Button>
        </div>
      </form>
    </div>
  );
}
