import { useQuery } from '@tanstack/react-query';
import type { InboxSettings } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

export const getInboxSettings = () => api<InboxSettings>('/inbox/settings');
export const useInboxSettings = () => useQuery({ queryKey: inboxKeys.settings, queryFn: getInboxSettings });
