import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, NotificationPage, NotificationPreference } from '@sede/shared/platform/notifications';
import { LIVE_NOTIFICATION } from '@sede/shared/platform/live';
import { api } from '../../lib/api-client.ts';
import { useLiveInvalidate } from '../../lib/live/entity-events.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => ['notification-preferences'] as const,
};

/** The unread count, refetched whenever the server announces a change of the person's notifications. */
export function useUnreadCount(enabled = true) {
  useLiveInvalidate(LIVE_NOTIFICATION, notificationKeys.all);
  return useQuery({ queryKey: notificationKeys.unread(), queryFn: () => api<{ count: number }>('/notifications/unread-count'), enabled, staleTime: 60_000 });
}

export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => api<NotificationPage>(`/notifications?limit=10${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<NotificationItem>(`/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('/notifications/read-all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences(), queryFn: () => api<{ preferences: NotificationPreference[] }>('/notifications/preferences') });
}

export function useSavePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pref: NotificationPreference) => api<{ preferences: NotificationPreference[] }>('/notifications/preferences', { method: 'PUT', json: { preferences: [pref] } }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
  });
}
