import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from './api.ts';
import { relativeTime } from '@sede/shared/format';

const countLabel = (n: number) => (n === 0 ? 'Nenhuma notificação não lida' : n === 1 ? '1 notificação não lida' : `${n} notificações não lidas`);

/**
 * The bell of the header (decision 0116): the unread count, kept live by the session's SSE
 * stream, and a keyboard-navigable list (Radix dropdown menu) where a notification opens its
 * link and is marked read.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const list = useNotificationList(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const count = unread.data?.count ?? 0;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={`Notificações: ${countLabel(count)}`} data-testid="notification-bell">
          <Bell aria-hidden />
          {count > 0 && (
            <span
              className="absolute top-1 right-1 flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-4.5 font-semibold text-white"
              aria-hidden
              data-testid="notification-count"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </Button>
      </DropdownMenu.Trigger>
      {/* Screen readers hear the count change without moving focus. */}
      <span className="sr-only" aria-live="polite" role="status">
        {unread.data ? countLabel(count) : ''}
      </span>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-slate-200 bg-white shadow-lg"
          aria-label="Notificações"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">Notificações</DropdownMenu.Label>
            {count > 0 && (
              <DropdownMenu.Item
                onSelect={(e) => {
                  e.preventDefault();
                  markAll.mutate(undefined, { onError: (err) => toast.error(err.message) });
                }}
                className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-[var(--color-accent)] outline-none data-[highlighted]:bg-slate-100"
              >
                <CheckCheck className="size-3.5" aria-hidden /> Marcar todas como lidas
              </DropdownMenu.Item>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1">
            {list.isPending ? (
              <div className="flex justify-center p-6">
                <Loader2 className="size-5 animate-spin text-[var(--color-accent)]" aria-hidden />
                <span className="sr-only">Carregando…</span>
              </div>
            ) : list.isError ? (
              <p className="p-4 text-sm text-red-700">
                {list.error.message}
              </p>
            ) : items.length === 0 ? (
              // A menu needs an item: the empty state is one that does nothing.
              <DropdownMenu.Item disabled className="flex flex-col items-center gap-2 p-6 text-center outline-none" data-testid="notifications-empty">
                <Bell className="size-8 text-slate-300" aria-hidden />
                <span className="text-sm font-medium text-slate-900">Nenhuma notificação por aqui</span>
                <span className="text-xs text-slate-600">Menções, atribuições, lembretes e prazos aparecem aqui. Escolha como ser avisado em Meu perfil.</span>
              </DropdownMenu.Item>
            ) : (
              items.map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  onSelect={() => {
                    if (!n.readAt) markRead.mutate(n.id);
                    if (n.link) navigate(n.link);
                  }}
                  className={cn(
                    'flex cursor-pointer gap-2 rounded-md px-2 py-2 text-left outline-none data-[highlighted]:bg-slate-100',
                    !n.readAt && 'bg-[var(--color-accent-soft)]/40',
                  )}
                  data-testid="notification-item"
                >
                  <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-[var(--color-accent)]')} aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className={cn('block text-sm text-slate-900', !n.readAt && 'font-semibold')}>
                      {n.title}
                      {!n.readAt && <span className="sr-only"> (não lida)</span>}
                    </span>
                    {n.body && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600">{n.body}</span>}
                    <span className="mt-0.5 block text-xs text-slate-500">{relativeTime(n.createdAt)}</span>
                  </span>
                </DropdownMenu.Item>
              ))
            )}
            {list.hasNextPage && (
              <DropdownMenu.Item
                onSelect={(e) => {
                  e.preventDefault();
                  void list.fetchNextPage();
                }}
                className="flex cursor-pointer justify-center rounded-md px-2 py-2 text-sm text-[var(--color-accent)] outline-none data-[highlighted]:bg-slate-100"
              >
                {list.isFetchingNextPage ? 'Carregando…' : 'Ver mais'}
              </DropdownMenu.Item>
            )}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
