import { useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '@sede/shared/prospecting/leads';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** GET/POST/DELETE /api/prospecting/saved-searches */
export const useSavedSearches = () => useQuery({ queryKey: prospectingKeys.savedSearches, queryFn: () => api<{ items: SavedSearch[] }>('/prospecting/saved-searches') });
export const saveSearch = (body: { name: string; filters: Record<string, string> }) => api<SavedSearch>('/prospecting/saved-searches', { method: 'POST', json: body });
export const deleteSavedSearch = (id: string) => api<null>(`/prospecting/saved-searches/${id}`, { method: 'DELETE' });
