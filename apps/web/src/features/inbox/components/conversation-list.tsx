import { MessagesSquare } from 'lucide-react';
import { SCOPE_LABELS, SCOPES, STATUS_LABELS, STATUSES, type ConversationSummary, type Scope } from '@sede/shared/inbox/schemas';
import { inputClass } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { useConversations } from '../api/list-conversations.ts';
import { visitorLabel, when } from './labels.ts';

export type ListFilters = { scope: Scope; status: string };

/** The conversations of the inbox with the filters (mine, unassigned, all; status) and unread badges. */
export function ConversationList({
  filters,
  onFilters,
  selected,
  onSelect,
  emptyAction,
}: {
  filters: ListFilters;
  onFilters: (f: ListFilters) => void;
  selected: string | null;
  onSelect: (id: string) => void;
  emptyAction?: React.ReactNode;
}) {
  const { data, isPending, isError } = useConversations({ scope: filters.scope, status: filters.status || undefined });
  const counts = data?.counts;
  const conversations = data?.conversations ?? [];
  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-3">
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Filtrar conversas</legend>
        {SCOPES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={filters.scope === s}
            onClick={() => onFilters({ ...filters, scope: s })}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              filters.scope === s ? 'border-[var(--color-accent)] bg-[var(--color-accent)] text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {SCOPE_LABELS[s]}
            {counts ? <span className="ml-1 tabular-nums">({counts[s]})</span> : null}
          </button>
        ))}
      </fieldset>
      <select aria-label="Situação da conversa" className={inputClass} value={filters.status} onChange={(e) => onFilters({ ...filters, status: e.target.value })}>
        <option value="">Todas as situações</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {isPending ? (
        <Spinner label="Carregando conversas…" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as conversas.
        </p>
      ) : conversations.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="Nenhuma conversa aqui"
          description="As mensagens dos visitantes do seu site chegam aqui em tempo real. Instale o chat no site para começar a atender."
          action={emptyAction}
        />
      ) : (
        <ul className="grid min-w-0 grid-cols-1 gap-1" aria-label="Conversas">
          {conversations.map((c) => (
            <ConversationItem key={c.id} c={c} active={c.id === selected} onSelect={() => onSelect(c.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ConversationItem({ c, active, onSelect }: { c: ConversationSummary; active: boolean; onSelect: () => void }) {
  return (
    <li className="min-w-0">
      <button
        type="button"
        onClick={onSelect}
        aria-current={active ? 'true' : undefined}
        className={cn('grid w-full min-w-0 grid-cols-1 gap-0.5 rounded-lg border px-3 py-2 text-left', active ? 'border-[var(--color-accent)] bg-blue-50' : 'border-slate-200 bg-white hover:bg-slate-50')}
      >
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', c.unread ? 'font-semibold text-slate-900' : 'text-slate-800')}>{visitorLabel(c)}</span>
          <span className="shrink-0 text-xs text-slate-600">{when(c.lastMessageAt)}</span>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-sm text-slate-600">{c.lastMessagePreview || '—'}</span>
          {c.unread > 0 && (
            <span className="shrink-0 rounded-full bg-[var(--color-accent)] px-2 text-xs font-semibold text-white">
              {c.unread}
              <span className="sr-only"> não lidas</span>
            </span>
          )}
        </span>
        <span className="flex flex-wrap gap-2 text-xs text-slate-600">
          <span>{STATUS_LABELS[c.status]}</span>
          <span>·</span>
          <span>{c.assigneeName ?? 'Sem responsável'}</span>
        </span>
      </button>
    </li>
  );
}
