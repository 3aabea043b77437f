import { useQuery } from '@tanstack/react-query';
import type { DunningHistory, DunningPause, DunningPauseInput, DunningSettings, DunningSettingsInput, OverdueList } from '@sede/shared/finance/dunning';
import type { WhatsappTemplate } from '@sede/shared/whatsapp/schemas';
import { api } from '../../../lib/api-client.ts';

/** The collection rule's requests (decisions 0580–0583) and their query keys. */
export const dunningKeys = {
  all: ['finance', 'dunning'] as const,
  settings: ['finance', 'dunning', 'settings'] as const,
  templates: ['finance', 'dunning', 'templates'] as const,
  overdue: ['finance', 'dunning', 'overdue'] as const,
  pauses: ['finance', 'dunning', 'pauses'] as const,
  history: (entryId: string) => ['finance', 'dunning', 'history', entryId] as const,
};

const base = '/finance/dunning';
export const useDunningSettings = () => useQuery({ queryKey: dunningKeys.settings, queryFn: () => api<DunningSettings>(`${base}/settings`) });
export const useDunningTemplates = (enabled: boolean) =>
  useQuery({ queryKey: dunningKeys.templates, queryFn: () => api<{ templates: WhatsappTemplate[] }>(`${base}/templates`), enabled });
export const useOverdue = () => useQuery({ queryKey: dunningKeys.overdue, queryFn: () => api<OverdueList>(`${base}/overdue`) });
export const useDunningPauses = () => useQuery({ queryKey: dunningKeys.pauses, queryFn: () => api<{ items: DunningPause[] }>(`${base}/pauses`) });
export const useDunningHistory = (entryId: string | null) =>
  useQuery({ queryKey: dunningKeys.history(entryId ?? ''), queryFn: () => api<DunningHistory>(`${base}/entries/${entryId}/history`), enabled: !!entryId });

/** Days as typed ('1, 3, 7'): numbers where they are, the text itself otherwise (the server says what is wrong). */
export type DunningSettingsDraft = Omit<DunningSettingsInput, 'daysBefore' | 'daysAfter'> & { daysBefore: unknown[]; daysAfter: unknown[] };
export const saveDunningSettings = (input: DunningSettingsDraft) => api<DunningSettings>(`${base}/settings`, { method: 'PUT', json: input });
export const pauseCustomer = (input: DunningPauseInput) => api<DunningPause>(`${base}/pauses`, { method: 'POST', json: input });
export const resumeCustomer = (pauseId: string) => api(`${base}/pauses/${pauseId}`, { method: 'DELETE' });
