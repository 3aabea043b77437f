import { useQuery, useQueryClient } from '@tanstack/react-query';
import { count } from '@sede/shared/format';
import { ArrowLeft, Paperclip, Send, StickyNote } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { MESSAGE_MAX_CHARS, STATUS_LABELS, STATUSES, type ConversationStatus, type InboxMessage } from '@sede/shared/inbox/schemas';
import { mentionableQueryOptions } from '../../../components/collaboration/collaboration-api.ts';
import { fileContentUrl, kindFor, precheck, uploadFile } from '../../../components/files/files-api.ts';
import { newRequestId, PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useCannedReplies } from '../api/canned-replies.ts';
import { useConversation } from '../api/get-conversation.ts';
import { inboxKeys } from '../api/keys.ts';
import { markRead } from '../api/mark-read.ts';
import { sendMessage } from '../api/send-message.ts';
import { suggestReply } from '../api/suggested-reply.ts';
import { updateConversation } from '../api/update-conversation.ts';
import { cannedMatches } from './canned.ts';
import { ContactPanel } from './contact-panel.tsx';
import { TemplateComposer } from './template-composer.tsx';
import { duration, visitorLabel, when } from './labels.ts';

const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : 'Não foi possível concluir. Tente novamente.');

/** One conversation: its messages (notes apart), status, assignee, the composer and, when `withPanel`, the contact panel. */
export function ConversationView({ id, onBack, withPanel }: { id: string; onBack?: () => void; withPanel: boolean }) {
  const { data, isPending, isError } = useConversation(id);
  const qc = useQueryClient();
  const members = useQuery(mentionableQueryOptions(''));
  const list = useRef<HTMLDivElement>(null);
  const lastId = data?.messages.at(-1)?.id;
  const unread = data?.conversation.unread ?? 0;

  useEffect(() => {
    if (lastId) list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lastId]);
  useEffect(() => {
    if (unread > 0) markRead(id).then(() => qc.invalidateQueries({ queryKey: inboxKeys.conversations }), () => undefined);
  }, [id, unread, qc]);

  if (isPending) return <Spinner label="Carregando conversa…" />;
  if (isError || !data) return <p role="alert" className="text-sm text-red-700">Não foi possível carregar a conversa.</p>;
  const c = data.conversation;

  const patch = async (input: Parameters<typeof updateConversation>[1], done: string) => {
    try {
      await updateConversation(id, input);
      await qc.invalidateQueries({ queryKey: inboxKeys.all });
      toast.success(done);
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  return (
    <div className={cn('grid min-w-0 gap-4', withPanel && '2xl:grid-cols-[1fr_18rem]')}>
      <section aria-label={`Conversa com ${visitorLabel(c)}`} className="grid min-w-0 grid-rows-[auto_1fr_auto] overflow-hidden rounded-xl border border-slate-200 bg-white">
        <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
          {onBack && (
            <Button variant="ghost" size="sm" onClick={onBack} aria-label="Voltar para a lista" className={withPanel ? 'md:hidden' : undefined}>
              <ArrowLeft aria-hidden />
            </Button>
          )}
          <div className="min-w-0 flex-1 basis-48">
            <h2 className="truncate text-base font-semibold text-slate-900">{visitorLabel(c)}</h2>
            <p className="text-xs text-slate-600">
              {c.channel === 'whatsapp' ? `WhatsApp${c.visitorPhone ? ` ${c.visitorPhone}` : ''}` : 'Chat do site'} · 1ª resposta: {duration(c.firstResponseMs)}
              {c.resolutionMs !== null && ` · resolvida em ${duration(c.resolutionMs)}`}
              {c.csatScore !== null && ` · avaliação ${c.csatScore}/5`}
            </p>
          </div>
          <select aria-label="Situação" className={cn(inputClass, 'h-8 w-auto py-0 text-sm')} value={c.status} onChange={(e) => patch({ status: e.target.value as ConversationStatus }, 'Situação atualizada.')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <select
            aria-label="Responsável"
            className={cn(inputClass, 'h-8 w-auto max-w-44 py-0 text-sm')}
            value={c.assigneeId ?? ''}
            onChange={(e) => patch({ assigneeId: e.target.value || null }, 'Responsável atualizado.')}
          >
            <option value="">Sem responsável</option>
            {c.assigneeId && !members.data?.some((m) => m.userId === c.assigneeId) && <option value={c.assigneeId}>{c.assigneeName ?? 'Membro'}</option>}
            {members.data?.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </select>
        </header>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolled message log must be reachable by keyboard (axe scrollable-region-focusable) */}
        <div ref={list} tabIndex={0} className="grid max-h-[60vh] min-h-64 content-start gap-2 overflow-y-auto bg-slate-50 p-3" role="log" aria-label="Mensagens" aria-live="polite">
          {data.messages.map((m) => (
            <Message key={m.id} m={m} />
          ))}
        </div>
        {c.channel === 'whatsapp' && windowClosed(data.messages) ? <TemplateComposer id={id} /> : <Composer id={id} />}
      </section>
      {withPanel && <ContactPanel conversation={c} />}
    </div>
  );
}

function Message({ m }: { m: InboxMessage }) {
  const mine = m.kind === 'agent' || m.kind === 'note';
  if (m.kind === 'event') {
    return (
      <p className="flex items-center gap-2 text-xs text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {m.body} · {when(m.createdAt)}
      </p>
    );
  }
  return (
    <div className={cn('grid max-w-[85%] gap-0.5', mine ? 'justify-self-end' : 'justify-self-start')}>
      <span className={cn('text-xs text-slate-600', mine && 'text-right')}>
        {m.kind === 'visitor' ? 'Visitante' : m.kind === 'auto' ? 'Mensagem automática' : m.kind === 'note' ? `Nota interna · ${m.authorName ?? ''}` : (m.authorName ?? 'Atendente')} · {when(m.createdAt)}
      </span>
      <div
        className={cn(
          'rounded-xl px-3 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          m.kind === 'visitor' && 'border border-slate-200 bg-white text-slate-900',
          m.kind === 'agent' && 'bg-[var(--color-accent)] text-white',
          m.kind === 'note' && 'border border-amber-300 bg-amber-50 text-amber-950',
          m.kind === 'auto' && 'border border-dashed border-slate-300 bg-white text-slate-700 italic',
        )}
      >
        {m.body}
        {m.file && (
          <a className="mt-1 block underline" href={fileContentUrl(m.file.id)} target="_blank" rel="noreferrer">
            {m.file.mime.startsWith('image/') ? <img src={`${fileContentUrl(m.file.id)}?inline=1`} alt={m.file.name} className="max-h-48 rounded-md" /> : (<><Paperclip aria-hidden className="mr-1 inline size-4" />{m.file.name}</>)}
          </a>
        )}
      </div>
    </div>
  );
}

/** WhatsApp's customer-service window (decision 0292): 24 hours after the customer's last message. */
const WINDOW_MS = 24 * 3_600_000;
const windowClosed = (messages: InboxMessage[]) => {
  const last = messages.findLast((m) => m.kind === 'visitor');
  return !last || Date.now() - new Date(last.createdAt).getTime() > WINDOW_MS;
};

/** The reply box: '/' opens the canned replies, a note toggle, an attachment, the AI suggestion (paid). */
function Composer({ id }: { id: string }) {
  const qc = useQueryClient();
  const { company } = useAuth();
  const canned = useCannedReplies();
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const matches = cannedMatches(text, canned.data ?? []);

  const refresh = () => qc.invalidateQueries({ queryKey: inboxKeys.all });
  const submit = async () => {
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    try {
      await sendMessage(id, { body, note });
      setText('');
      await refresh();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setSending(false);
    }
  };
  const attach = async (file: File) => {
    const kind = kindFor(file, ['image', 'document']);
    const refused = precheck(file, kind);
    if (refused) return void toast.error(refused);
    setProgress(0);
    try {
      const info = await uploadFile({ entityType: 'inbox_conversation', entityId: id, kind, file, onProgress: setProgress });
      await sendMessage(id, { fileId: info.id, note });
      await refresh();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className={cn('grid gap-2 border-t border-slate-200 p-3', note && 'bg-amber-50')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {matches.length > 0 && (
        <ul className="grid gap-1 rounded-lg border border-slate-200 bg-white p-1" aria-label="Respostas prontas">
          {matches.map((r) => (
            <li key={r.id}>
              <button type="button" className="w-full rounded px-2 py-1 text-left text-sm hover:bg-slate-100" onClick={() => setText(r.body)}>
                <span className="font-medium">/{r.shortcut}</span> <span className="text-slate-600">{r.body.slice(0, 80)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={textId} className="sr-only">
        {note ? 'Nota interna' : 'Resposta ao visitante'}
      </label>
      <textarea
        id={textId}
        className={cn(inputClass, 'min-h-20 resize-y')}
        maxLength={MESSAGE_MAX_CHARS}
        placeholder={note ? 'Nota interna: só a equipe vê' : 'Escreva a resposta… (digite / para respostas prontas)'}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            if (matches.length === 1) setText(matches[0]!.body);
            else void submit();
          }
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" pending={sending} disabled={!text.trim()}>
          <Send aria-hidden /> {note ? 'Salvar nota' : 'Enviar'}
        </Button>
        <Button type="button" variant={note ? 'primary' : 'secondary'} size="sm" aria-pressed={note} onClick={() => setNote(!note)}>
          <StickyNote aria-hidden /> Nota interna
        </Button>
        <input ref={fileInput} type="file" className="sr-only" tabIndex={-1} aria-hidden accept="image/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv" onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void attach(f);
        }} />
        <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()} pending={progress !== null}>
          <Paperclip aria-hidden /> {progress !== null ? `Enviando ${Math.round(progress * 100)}%` : 'Anexar'}
        </Button>
        <PaidActionButton
          action="ai.suggested_reply"
          variant="secondary"
          balance={company?.currency_amount}
          run={async () => {
            const out = await suggestReply(id, newRequestId());
            setNote(false);
            setText(out.reply);
            return out;
          }}
        />
        <span className="ml-auto text-xs text-slate-600 tabular-nums">
          {count(text.length)}/{count(MESSAGE_MAX_CHARS)}
        </span>
      </div>
    </form>
  );
}
